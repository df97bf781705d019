// POST /completion-messages (blocking or streaming) and POST /completion-messages/{task_id}/stop; our additions
// GET and DELETE /completion-messages, a user's earlier runs (docs/protocols/dify.md §2.3).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDefinition } from '../apps/types';
import { startCompletion } from '../completion/run-completion';
import type { AiContext, AiEnv } from '../context';
import { DifyError } from '../errors';
import { filesField, jsonBody, limitField, queryParams, responseMode, userField } from '../request';
import { deleteCompletions, listCompletions } from '../store/messages';
import { blockingResponse, streamResponse } from '../stream/respond';
import { stopBody } from './chat';

const historyQuery = z.object({ user: userField, limit: limitField });
const historyBody = z.object({ user: userField });

const completionBody = z.object({
  inputs: z.record(z.string(), z.unknown(), { error: 'inputs is required' }),
  response_mode: responseMode,
  user: userField,
  files: filesField,
});

function requireCompletionApp(app: AppDefinition) {
  if (app.mode !== 'completion') throw new DifyError(400, 'app_unavailable', 'App unavailable, please check your app configurations.');
}

export function completionRoutes(ctx: AiContext) {
  return new Hono<AiEnv>()
    .post('/completion-messages', async (c) => {
      const app = c.get('app');
      requireCompletionApp(app);
      const body = await jsonBody(c, completionBody);
      const run = await startCompletion(ctx, app, { inputs: body.inputs, user: body.user, files: body.files });
      return body.response_mode === 'streaming' ? streamResponse(run, ctx.config.AI_SSE_PING_SECONDS) : blockingResponse(run, c.req.raw.signal);
    })
    .get('/completion-messages', async (c) => {
      const app = c.get('app');
      requireCompletionApp(app);
      const query = queryParams(c, historyQuery);
      return c.json(await listCompletions(ctx.db, app.id, query.user, query.limit));
    })
    .delete('/completion-messages', async (c) => {
      const app = c.get('app');
      requireCompletionApp(app);
      const { user } = await jsonBody(c, historyBody);
      await deleteCompletions(ctx.db, app.id, user);
      return c.json({ result: 'success' });
    })
    .post('/completion-messages/:task_id/stop', async (c) => {
      const app = c.get('app');
      requireCompletionApp(app);
      const { user } = await jsonBody(c, stopBody);
      await ctx.tasks.stop(c.req.param('task_id'), app.id, user);
      return c.json({ result: 'success' });
    });
}
