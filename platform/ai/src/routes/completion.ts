// POST /completion-messages (blocking or streaming) and POST /completion-messages/{task_id}/stop.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDefinition } from '../apps/types';
import { startCompletion } from '../completion/run-completion';
import type { AiContext, AiEnv } from '../context';
import { DifyError } from '../errors';
import { filesField, jsonBody, responseMode, userField } from '../request';
import { blockingResponse, streamResponse } from '../stream/respond';
import { stopBody } from './chat';

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
    .post('/completion-messages/:task_id/stop', async (c) => {
      const app = c.get('app');
      requireCompletionApp(app);
      const { user } = await jsonBody(c, stopBody);
      await ctx.tasks.stop(c.req.param('task_id'), app.id, user);
      return c.json({ result: 'success' });
    });
}
