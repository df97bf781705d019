// Messages: one question and its answer. Chat messages belong to a conversation; completion messages to none.
import type { Database } from '@citewise/db';
import { and, desc, eq, isNull, ne, sql } from '@citewise/db/orm';
import { messages } from '../db/schema';
import { notFound } from '../errors';
import { seconds } from '../time';
import { runsWithSteps, type MessageRun } from './message-steps';

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/**
 * A message as GET /messages answers it: Dify's fields, then what this runtime adds (clients that do not know
 * them ignore them) so a reopened answer shows what it showed live: its citation check, search log, the papers
 * found but not cited, the extractive-evidence label, a stopped answer's state, and a chatflow's steps.
 */
export const messageJson = (row: Message, run: MessageRun | null = null) => ({
  id: row.id,
  conversation_id: row.conversationId,
  parent_message_id: null,
  inputs: row.inputs,
  query: row.query,
  answer: row.answer,
  message_files: row.files,
  feedback: row.feedbackRating ? { rating: row.feedbackRating } : null,
  retriever_resources: row.retrieverResources,
  agent_thoughts: [],
  // Dify keeps a stopped answer as a normal message; only a failed one is `error`.
  status: row.status === 'error' ? 'error' : 'normal',
  error: row.error,
  created_at: seconds(row.createdAt),
  citation_check: row.citationCheck,
  search_log: row.searchLog,
  uncited_resources: row.uncitedResources,
  answer_source: row.answerSource,
  stopped: row.status === 'stopped',
  workflow_run: run,
});

export async function insertMessage(db: Database, values: NewMessage) {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

export async function updateMessage(db: Database, id: string, values: Partial<NewMessage>) {
  await db.update(messages).set(values).where(eq(messages.id, id));
}

export async function getMessageOrThrow(db: Database, appId: string, user: string, id: string, message = 'Message Not Exists.') {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.appId, appId), eq(messages.endUser, user)));
  if (!row) throw notFound(message);
  return row;
}

/** The `limit` messages just older than `firstId` (the newest without it), oldest first within the page. */
export async function listMessages(db: Database, appId: string, user: string, conversationId: string, options: { firstId?: string; limit: number }) {
  const conditions = [eq(messages.conversationId, conversationId)];
  if (options.firstId) {
    const first = await getMessageOrThrow(db, appId, user, options.firstId, 'First Message Not Exists.');
    if (first.conversationId !== conversationId) throw notFound('First Message Not Exists.');
    // The cursor's timestamp is read inside the query, keeping the microseconds a JS Date would drop.
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select ${messages.createdAt}, ${messages.id} from ${messages} where ${messages.id} = ${first.id})`,
    );
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit).reverse();
  const runs = await runsWithSteps(
    db,
    page.flatMap((row) => (row.workflowRunId ? [row.workflowRunId] : [])),
  );
  return {
    limit: options.limit,
    has_more: rows.length > options.limit,
    data: page.map((row) => messageJson(row, row.workflowRunId ? (runs.get(row.workflowRunId) ?? null) : null)),
  };
}

/**
 * A user's runs of a completion app that produced an answer, newest first (`GET /completion-messages`, our addition:
 * Dify keeps no history of completion apps, so a writing tool's earlier runs would live in one browser only).
 */
export async function listCompletions(db: Database, appId: string, user: string, limit: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.appId, appId), eq(messages.endUser, user), isNull(messages.conversationId), ne(messages.answer, '')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return {
    limit,
    has_more: rows.length > limit,
    data: rows.slice(0, limit).map((row) => ({
      id: row.id,
      inputs: row.inputs,
      answer: row.answer,
      // As GET /messages: a failed answer is `error`; a stopped one keeps what arrived and says so.
      status: row.status === 'error' ? 'error' : 'normal',
      stopped: row.status === 'stopped',
      created_at: seconds(row.createdAt),
    })),
  };
}

/** Forgets a user's runs of a completion app (`DELETE /completion-messages`, our addition). */
export async function deleteCompletions(db: Database, appId: string, user: string) {
  await db.delete(messages).where(and(eq(messages.appId, appId), eq(messages.endUser, user), isNull(messages.conversationId)));
}

/** The latest finished turns of a conversation, oldest first, as the model's memory. */
export async function recentTurns(db: Database, conversationId: string, turns: number) {
  const rows = await db
    .select({ query: messages.query, answer: messages.answer })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), sql`${messages.answer} <> ''`))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(turns);
  return rows.reverse();
}
