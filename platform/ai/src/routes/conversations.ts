// GET /conversations, DELETE /conversations/{id}, POST /conversations/{id}/name (docs/protocols/dify.md §2.6, §2.8,
// §2.9).
import { Hono } from 'hono';
import { z } from 'zod';
import { titleFor } from '../chat/titles';
import type { AiContext, AiEnv } from '../context';
import { invalidParam, parseOrThrow } from '../errors';
import { jsonBody, limitField, optionalUser, queryParams, uuidField } from '../request';
import { conversationJson, deleteConversation, getConversationOrThrow, listConversations, renameConversation } from '../store/conversations';
import { firstQuery } from '../store/first-query';
import { requireChatApp } from './chat';

const listQuery = z.object({
  user: optionalUser,
  last_id: z
    .union([uuidField('last_id'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  limit: limitField,
  sort_by: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-updated_at'),
});
const renameBody = z.object({
  name: z.string().max(255).nullish(),
  auto_generate: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  user: optionalUser,
});
const deleteBody = z.object({ user: optionalUser });
const idParam = uuidField('conversation_id');

export function conversationRoutes(ctx: AiContext) {
  return new Hono<AiEnv>()
    .get('/conversations', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const query = queryParams(c, listQuery);
      return c.json(await listConversations(ctx.db, app.id, query.user, { lastId: query.last_id, limit: query.limit, sortBy: query.sort_by }));
    })
    .delete('/conversations/:id', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const id = parseOrThrow(idParam, c.req.param('id'));
      const { user } = await jsonBody(c, deleteBody);
      await getConversationOrThrow(ctx.db, app.id, user, id);
      await deleteConversation(ctx.db, id);
      return c.body(null, 204);
    })
    .post('/conversations/:id/name', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const id = parseOrThrow(idParam, c.req.param('id'));
      const body = await jsonBody(c, renameBody);
      const conversation = await getConversationOrThrow(ctx.db, app.id, body.user, id);
      let name = body.name?.trim() ?? '';
      if (body.auto_generate) {
        const query = await firstQuery(ctx.db, id);
        name = query ? await titleFor(ctx, app, query) : conversation.name;
      } else if (!name) {
        throw invalidParam('name is required when auto_generate is false');
      }
      return c.json(conversationJson(await renameConversation(ctx.db, id, name)));
    });
}
