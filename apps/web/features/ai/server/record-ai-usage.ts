import 'server-only';
import { sql } from '@citewise/db/orm';
import { aiUsage } from '@/lib/db/schema';
import { withUserDb, type UserClaims, type UserDb } from '@/lib/db/user-db';
import { utcDay } from '@/features/entitlements/server/usage-period';

export type AiUsageFigures = {
  messages: number;
  inputTokens: number;
  outputTokens: number;
  /** Input plus output, and also workflow runs whose runtime reports only a total. */
  totalTokens: number;
};

/** Adds one answer's figures to the user's row for this app and day (UTC), creating the row on first use. */
export async function recordAiUsage(claims: UserClaims, appId: string, figures: AiUsageFigures, now = new Date()): Promise<void> {
  await withUserDb(claims, (db) => addAiUsage(db, claims, appId, figures, now));
}

/** recordAiUsage inside a transaction already running as the user (the settling of an admitted message). */
export async function addAiUsage(db: UserDb, claims: UserClaims, appId: string, figures: AiUsageFigures, now = new Date()): Promise<void> {
  await db
    .insert(aiUsage)
    .values({ userId: claims.sub, appId, day: utcDay(now), ...figures, updatedAt: now })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day, aiUsage.appId],
      set: {
        messages: sql`${aiUsage.messages} + excluded.messages`,
        inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
        outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
        totalTokens: sql`${aiUsage.totalTokens} + excluded.total_tokens`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
