// GET /messages, POST /messages/{id}/feedbacks, GET /messages/{id}/suggested (docs/protocols/dify.md §2.7, §2.10).
import { Hono } from 'hono';
import { z } from 'zod';
import { suggestQuestions } from '../chat/titles';
import type { AiContext, AiEnv } from '../context';
import { DifyError, parseOrThrow } from '../errors';
import { jsonBody, limitField, optionalUser, queryParams, userField, uuidField } from '../request';
import { getConversationOrThrow } from '../store/conversations';
import { getMessageOrThrow, listMessages, updateMessage } from '../store/messages';
import { requireChatApp } from './chat';

const listQuery = z.object({
  user: optionalUser,
  conversation_id: uuidField('conversation_id'),
  first_id: z
    .union([uuidField('first_id'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  limit: limitField,
});
const feedbackBody = z.object({
  rating: z
    .enum(['like', 'dislike'])
    .nullish()
    .transform((v) => v ?? null),
  user: userField,
  content: z.string().max(10_000).nullish(),
});
const suggestedQuery = z.object({ user: userField });
const idParam = uuidField('message_id');

export function messageRoutes(ctx: AiContext) {
  return new Hono<AiEnv>()
    .get('/messages', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const query = queryParams(c, listQuery);
      await getConversationOrThrow(ctx.db, app.id, query.user, query.conversation_id);
      return c.json(await listMessages(ctx.db, app.id, query.user, query.conversation_id, { firstId: query.first_id, limit: query.limit }));
    })
    .post('/messages/:id/feedbacks', async (c) => {
      const app = c.get('app');
      const id = parseOrThrow(idParam, c.req.param('id'));
      const body = await jsonBody(c, feedbackBody);
      await getMessageOrThrow(ctx.db, app.id, body.user, id);
      await updateMessage(ctx.db, id, { feedbackRating: body.rating, feedbackContent: body.rating ? (body.content ?? null) : null });
      return c.json({ result: 'success' });
    })
    .get('/messages/:id/suggested', async (c) => {
      const app = c.get('app');
      requireChatApp(app);
      const id = parseOrThrow(idParam, c.req.param('id'));
      const { user } = queryParams(c, suggestedQuery);
      const message = await getMessageOrThrow(ctx.db, app.id, user, id);
      if (!app.suggestedAfterAnswer)
        throw new DifyError(403, 'app_suggested_questions_after_answer_disabled', 'Function Suggested questions after answer disabled.');
      return c.json({ result: 'success', data: await suggestQuestions(ctx, app, message.query, message.answer) });
    });
}
