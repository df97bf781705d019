import 'server-only';
import type { AiUpstream } from './ai-upstream';

/** A page's worth: Dify's most (1–100). */
const PAGE = 100;
/** Far more than anyone keeps; a server that never says "no more" cannot keep a deletion going forever. */
const MAX_PAGES = 1000;

type Page<T> = { data: T[]; has_more: boolean };

async function getJson<T>(upstream: AiUpstream, path: string, query: Record<string, string>): Promise<T | null> {
  const url = new URL(`${upstream.baseUrl}/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await upstream.fetch(new Request(url, { headers: { authorization: `Bearer ${upstream.key}` } }));
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) throw new Error(`the AI runtime answered ${response.status} to GET ${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every conversation of `endUser` in one chat app, through Dify's `GET /conversations` (paged by `last_id`). */
export async function listConversations(upstream: AiUpstream, endUser: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let lastId: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getJson<Page<Record<string, unknown>>>(upstream, 'conversations', {
      user: endUser,
      limit: String(PAGE),
      sort_by: 'created_at',
      ...(lastId ? { last_id: lastId } : {}),
    });
    if (!answer) return found;
    found.push(...answer.data);
    if (!answer.has_more || answer.data.length === 0) return found;
    lastId = String(answer.data.at(-1)!.id);
  }
  return found;
}

/** Every message of one conversation, oldest first, through Dify's `GET /messages` (paged back by `first_id`). */
export async function listMessages(upstream: AiUpstream, endUser: string, conversationId: string): Promise<Record<string, unknown>[]> {
  const pages: Record<string, unknown>[][] = [];
  let firstId: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getJson<Page<Record<string, unknown>>>(upstream, 'messages', {
      user: endUser,
      conversation_id: conversationId,
      limit: String(PAGE),
      ...(firstId ? { first_id: firstId } : {}),
    });
    if (!answer) break;
    pages.unshift(answer.data);
    if (!answer.has_more || answer.data.length === 0) break;
    firstId = String(answer.data[0]!.id);
  }
  return pages.flat();
}

/** Deletes one conversation as `endUser` (`DELETE /conversations/{id}`); one already gone counts as deleted. */
export async function deleteConversation(upstream: AiUpstream, endUser: string, conversationId: string): Promise<void> {
  const response = await upstream.fetch(
    new Request(`${upstream.baseUrl}/conversations/${encodeURIComponent(conversationId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${upstream.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: endUser }),
    }),
  );
  // Current Dify answers 204, older releases 200 {"result":"success"}; 404 is a retry after an earlier success.
  if (!response.ok && response.status !== 404)
    throw new Error(`the AI runtime answered ${response.status} to DELETE conversations/${conversationId}: ${await response.text()}`);
  await response.body?.cancel();
}
