// Conversations of one end user of one app. Another user's conversation does not exist for the caller (404).
import type { Database } from '@citewise/db';
import { and, asc, desc, eq, inArray, sql } from '@citewise/db/orm';
import { conversations, messages, workflowRuns } from '../db/schema';
import { notFound } from '../errors';
import { seconds } from '../time';

export type Conversation = typeof conversations.$inferSelect;
export const PLACEHOLDER_NAME = 'New conversation';

export const conversationJson = (row: Conversation) => ({
  id: row.id,
  name: row.name,
  inputs: row.inputs,
  status: 'normal',
  introduction: row.introduction,
  created_at: seconds(row.createdAt),
  updated_at: seconds(row.updatedAt),
});

export async function getConversationOrThrow(db: Database, appId: string, user: string, id: string, message = 'Conversation Not Exists.') {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.appId, appId), eq(conversations.endUser, user)));
  if (!row) throw notFound(message);
  return row;
}

export async function createConversation(db: Database, values: { appId: string; user: string; inputs: Record<string, unknown>; introduction: string }) {
  const [row] = await db
    .insert(conversations)
    .values({ appId: values.appId, endUser: values.user, inputs: values.inputs, introduction: values.introduction, name: PLACEHOLDER_NAME })
    .returning();
  return row!;
}

export async function touchConversation(db: Database, id: string) {
  await db
    .update(conversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(conversations.id, id));
}

export async function renameConversation(db: Database, id: string, name: string) {
  const [row] = await db.update(conversations).set({ name }).where(eq(conversations.id, id)).returning();
  return row!;
}

/** The conversation, its messages (by cascade) and the runs of its chatflow answers with their steps. */
export async function deleteConversation(db: Database, id: string) {
  await db.transaction(async (tx) => {
    const runs = tx.select({ id: messages.workflowRunId }).from(messages).where(eq(messages.conversationId, id));
    await tx.delete(workflowRuns).where(inArray(workflowRuns.id, runs));
    await tx.delete(conversations).where(eq(conversations.id, id));
  });
}

export type SortBy = 'created_at' | '-created_at' | 'updated_at' | '-updated_at';

/** A page after `lastId` in the chosen order; ties on the timestamp are broken by id so paging never skips. */
export async function listConversations(db: Database, appId: string, user: string, options: { lastId?: string; limit: number; sortBy: SortBy }) {
  const column = options.sortBy.endsWith('created_at') ? conversations.createdAt : conversations.updatedAt;
  const descending = options.sortBy.startsWith('-');
  const conditions = [eq(conversations.appId, appId), eq(conversations.endUser, user)];
  if (options.lastId) {
    const last = await getConversationOrThrow(db, appId, user, options.lastId, 'Last Conversation Not Exists.');
    // The cursor's timestamp is read inside the query: through a JS Date it would lose its microseconds, and the
    // cursor row itself would come back on the next page.
    const cursor = sql`(select ${column}, ${conversations.id} from ${conversations} where ${conversations.id} = ${last.id})`;
    conditions.push(descending ? sql`(${column}, ${conversations.id}) < ${cursor}` : sql`(${column}, ${conversations.id}) > ${cursor}`);
  }
  const order = descending ? [desc(column), desc(conversations.id)] : [asc(column), asc(conversations.id)];
  const rows = await db
    .select()
    .from(conversations)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit + 1);
  return { limit: options.limit, has_more: rows.length > options.limit, data: rows.slice(0, options.limit).map(conversationJson) };
}
