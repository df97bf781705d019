// POST /workflows/run (also /workflow/run), GET /workflows/run/{id}, POST /workflows/tasks/{task_id}/stop,
// GET /workflows/logs (docs/protocols/dify.md §2.4).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDefinition } from '../apps/types';
import type { AiContext, AiEnv } from '../context';
import { DifyError, parseOrThrow } from '../errors';
import { filesField, jsonBody, queryParams, responseMode, userField, uuidField } from '../request';
import { blockingResponse, streamResponse } from '../stream/respond';
import { getRunOrThrow, listNodeExecutions, listRuns, runJson } from '../store/workflow-runs';
import { startLiteratureReview } from '../workflow/run-literature-review';
import { stopBody } from './chat';

const runBody = z.object({
  inputs: z.record(z.string(), z.unknown(), { error: 'inputs is required' }),
  response_mode: responseMode,
  user: userField,
  files: filesField,
});
/** Dify reads no user here; this runtime scopes the run to one when given (the product always gives it). */
const runQuery = z.object({ user: z.string().trim().max(255).optional() });
const logsQuery = z.object({
  /** Dify's filter by end user: the `user` the runs were started with. */
  created_by_end_user_session_id: z.string().trim().max(255).optional(),
  keyword: z.string().max(200).optional(),
  status: z.enum(['succeeded', 'failed', 'stopped', 'running']).optional(),
  page: z.coerce.number().int().min(1).max(99_999).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

function requireWorkflowApp(app: AppDefinition) {
  if (app.mode !== 'workflow') throw new DifyError(400, 'not_workflow_app', 'Please check if your app mode matches the right API route.');
}

export function workflowRoutes(ctx: AiContext) {
  const run = async (c: Context<AiEnv>) => {
    const app = c.get('app');
    requireWorkflowApp(app);
    const body = await jsonBody(c, runBody);
    const started = await startLiteratureReview(ctx, app, { inputs: body.inputs, user: body.user });
    return body.response_mode === 'streaming' ? streamResponse(started, ctx.config.AI_SSE_PING_SECONDS) : blockingResponse(started, c.req.raw.signal);
  };
  return (
    new Hono<AiEnv>()
      .post('/workflows/run', run)
      // The product's route is singular (docs/product.md §7); Dify has only the plural. Both work here.
      .post('/workflow/run', run)
      .get('/workflows/run/:id', async (c) => {
        const app = c.get('app');
        requireWorkflowApp(app);
        const id = parseOrThrow(uuidField('workflow_run_id'), c.req.param('id'));
        const { user } = queryParams(c, runQuery);
        return c.json(runJson(await getRunOrThrow(ctx.db, app.id, id, user)));
      })
      // Dify serves a run's steps to its console only; this runtime serves them to the service API too, for the log.
      .get('/workflows/run/:id/node-executions', async (c) => {
        const app = c.get('app');
        requireWorkflowApp(app);
        const id = parseOrThrow(uuidField('workflow_run_id'), c.req.param('id'));
        const { user } = queryParams(c, runQuery);
        const run = await getRunOrThrow(ctx.db, app.id, id, user);
        return c.json({ data: await listNodeExecutions(ctx.db, run.id) });
      })
      .post('/workflows/tasks/:task_id/stop', async (c) => {
        const app = c.get('app');
        requireWorkflowApp(app);
        const { user } = await jsonBody(c, stopBody);
        await ctx.tasks.stop(c.req.param('task_id'), app.id, user);
        return c.json({ result: 'success' });
      })
      .get('/workflows/logs', async (c) => {
        const app = c.get('app');
        requireWorkflowApp(app);
        const query = queryParams(c, logsQuery);
        return c.json(await listRuns(ctx.db, app.id, { ...query, endUser: query.created_by_end_user_session_id }));
      })
  );
}
