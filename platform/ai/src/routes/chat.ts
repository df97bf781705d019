// POST /chat-messages (blocking or streaming) and POST /chat-messages/{task_id}/stop.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDefinition } from '../apps/types';
import { startChat } from '../chat/run-chat';
import type { AiContext, AiEnv } from '../context';
import { DifyError } from '../errors';
import { filesField, inputsField, jsonBody, responseMode, userField, uuidField } from '../request';
import { blockingResponse, streamResponse } from '../stream/respond';

const chatBody = z.object({
  query: z.string({ error: 'query is required' }).min(1, 'query is required').max(100_000),
  inputs: inputsField,
  response_mode: responseMode,
  user: userField,
  conversation_id: z
    .union([uuidField('conversation_id'), z.literal('')])
    .nullish()
    .transform((v) => v || undefined),
  auto_generate_name: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  files: filesField,
});

export const stopBody = z.object({ user: userField });

export function requireChatApp(app: AppDefinition) {
  if (app.mode !== 'chat' && app.mode !== 'advanced-chat')
    throw new DifyError(400, 'not_chat_app', 'Please check if your app mode matches the right API route.');
}

export function chatRoutes(ctx: AiContext) {
  return new Hono<AiEnv>()
    .post('/chat-messages', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const body = await jsonBody(c, chatBody);
      const run = await startChat(ctx, app, {
        query: body.query,
        inputs: body.inputs,
        user: body.user,
        conversationId: body.conversation_id,
        autoGenerateName: body.auto_generate_name,
        files: body.files,
      });
      return body.response_mode === 'streaming' ? streamResponse(run, ctx.config.AI_SSE_PING_SECONDS) : blockingResponse(run, c.req.raw.signal);
    })
    .post('/chat-messages/:task_id/stop', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const { user } = await jsonBody(c, stopBody);
      await ctx.tasks.stop(c.req.param('task_id'), app.id, user);
      return c.json({ result: 'success' });
    });
}
