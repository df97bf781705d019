import 'server-only';
import { and, asc, gte, lte } from '@citewise/db/orm';
import { countedUsage, countingPeriod, planOf, type CountedFeature } from '@/features/entitlements/server/limits';
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

/** A counted plan limit besides the AI messages, as the plan counts it (per UTC day or month). */
export type CountedLimit = { used: number; limit: number | 'unlimited'; remaining: number | 'unlimited'; resetsOn: string };

export type AiUsageReport = {
  from: string;
  to: string;
  days: AiUsageDay[];
  totals: Omit<AiUsageDay, 'day' | 'appId'>;
  quota: AiQuota;
  /** What is left of the other limits an AI run may use: searches today, reference checks this month. */
  limits: Record<CountedFeature, CountedLimit>;
};

/** The user's AI usage per day and app in a range (this month so far by default), and their monthly quota. */
export async function getAiUsage(claims: UserClaims, range: UsageRange, now = new Date()): Promise<AiUsageReport> {
  const from = range.from ?? monthStart(now);
  const to = range.to ?? utcDay(now);
  // No user filter: Row Level Security shows each user only their own rows.
  const { rows, limits } = await withUserDb(claims, async (db) => {
    const rows = await db
      .select()
      .from(aiUsage)
      .where(and(gte(aiUsage.day, from), lte(aiUsage.day, to)))
      .orderBy(asc(aiUsage.day), asc(aiUsage.appId));
    const plan = await planOf(db, claims.sub);
    const counted = async (feature: CountedFeature): Promise<CountedLimit> => {
      const used = await countedUsage(db, claims.sub, feature, now);
      const value = plan.features[feature];
      const limit = typeof value === 'number' ? value : 'unlimited';
      return { used, limit, remaining: limit === 'unlimited' ? 'unlimited' : Math.max(0, limit - used), resetsOn: countingPeriod(feature, now).resetsOn };
    };
    return { rows, limits: { searchesPerDay: await counted('searchesPerDay'), referenceChecksPerMonth: await counted('referenceChecksPerMonth') } };
  });
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
  return { from, to, days, totals, quota: await getAiQuota(claims, now), limits };
}
