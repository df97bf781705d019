import type { Database } from '@citewise/db';
import { asc, eq } from '@citewise/db/orm';
import { messages } from '../db/schema';

/** The question that opened a conversation (what an auto-generated name is made from). */
export async function firstQuery(db: Database, conversationId: string): Promise<string | null> {
  const [row] = await db
    .select({ query: messages.query })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  return row?.query ?? null;
}
