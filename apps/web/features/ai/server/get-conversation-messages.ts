import 'server-only';
import type { SessionUser } from '@/lib/auth/session';
import type { ChatMessage, Page } from '@/features/ai/types';
import { pathIdSchema } from '../schema';
import { resolveAiApp } from './ai-upstream';
import { difyUser } from './dify-user';

/** Messages a conversation's page shows first; older ones load on scrolling up (use-chat.ts MESSAGE_PAGE). */
const FIRST_PAGE = 20;

/**
 * The conversation a page's address names, with its latest messages, read as the signed-in user from the app's
 * runtime (embedded or a Dify server); null when there is none. Another account's conversation is null exactly
 * like one that never existed (the page answers 404, which confirms nothing): the runtime scopes conversations to
 * their end user and answers 404 (400 for an id that is not a conversation id at all). A runtime that cannot be
 * read throws, and the page shows its error with a way to try again.
 */
export async function getConversationMessages(appId: string, user: SessionUser, conversationId: string): Promise<Page<ChatMessage> | null> {
  if (!pathIdSchema.safeParse(conversationId).success) return null;
  const upstream = await resolveAiApp(appId);
  if (!upstream) return null;
  const url = new URL(`${upstream.baseUrl}/messages`);
  url.searchParams.set('conversation_id', conversationId);
  url.searchParams.set('limit', String(FIRST_PAGE));
  url.searchParams.set('user', difyUser(user.id));
  const response = await upstream.fetch(new Request(url, { headers: { authorization: `Bearer ${upstream.key}` } }));
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`the AI runtime answered HTTP ${response.status} for a conversation's messages`);
  return (await response.json()) as Page<ChatMessage>;
}
