import 'server-only';
import { and, asc, gte, lte } from '@citewise/db/orm';
import { aiUsage } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { UsageRange } from '../schema';
import { monthStart, utcDay } from '@/features/entitlements/server/usage-period';
import { getAiQuota, type AiQuota } from '@/features/entitlements/server/get-ai-quota';

export type AiUsageDay = {
  day: string;
  appId: string;
  messages: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
};

export type AiUsageReport = {
  from: string;
  to: string;
  days: AiUsageDay[];
  totals: Omit<AiUsageDay, 'day' | 'appId'>;
  quota: AiQuota;
};

/** The user's AI usage per day and app in a range (this month so far by default), and their monthly quota. */
export async function getAiUsage(claims: UserClaims, range: UsageRange, now = new Date()): Promise<AiUsageReport> {
  const from = range.from ?? monthStart(now);
  const to = range.to ?? utcDay(now);
  // No user filter: Row Level Security shows each user only their own rows.
  const rows = await withUserDb(claims, (db) =>
    db
      .select()
      .from(aiUsage)
      .where(and(gte(aiUsage.day, from), lte(aiUsage.day, to)))
      .orderBy(asc(aiUsage.day), asc(aiUsage.appId)),
  );
  const days = rows.map(({ day, appId, messages, inputTokens, outputTokens, totalTokens }) => ({
    day,
    appId,
    messages,
    inputTokens,
    outputTokens,
    totalTokens,
  }));
  const totals = { messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  for (const day of days) {
    totals.messages += day.messages;
    totals.inputTokens += day.inputTokens;
    totals.outputTokens += day.outputTokens;
    totals.totalTokens += day.totalTokens;
  }
  return { from, to, days, totals, quota: await getAiQuota(claims, now) };
}
