import 'server-only';
import { and, eq, gte, sql } from '@citewise/db/orm';
import { plans, type PlanId } from '@/config/plans';
import { aiUsage, subscriptions } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { monthStart, quotaResetDay } from '../usage-period';

export type AiQuota = {
  planId: PlanId;
  /** AI messages per month on the plan. */
  limit: number | 'unlimited';
  /** Messages counted since the first day of this month (UTC). */
  used: number;
  remaining: number | 'unlimited';
  /** The first day of next month (UTC), when `used` starts again from zero. */
  resetsOn: string;
};

/**
 * The user's monthly AI message quota and what is left of it. One transaction for the plan and the count,
 * because the proxy asks before every AI message and the answer waits for it.
 */
export async function getAiQuota(claims: UserClaims, now = new Date()): Promise<AiQuota> {
  const { planId, used } = await withUserDb(claims, async (db) => {
    // Until billing exists every user is on Free: the row is created on first read (see getSubscription).
    await db.insert(subscriptions).values({ userId: claims.sub }).onConflictDoNothing();
    const [subscription] = await db.select({ planId: subscriptions.planId }).from(subscriptions).where(eq(subscriptions.userId, claims.sub));
    const [count] = await db
      .select({ used: sql<string>`coalesce(sum(${aiUsage.messages}), 0)` })
      .from(aiUsage)
      .where(and(eq(aiUsage.userId, claims.sub), gte(aiUsage.day, monthStart(now))));
    return { planId: subscription?.planId, used: Number(count?.used ?? 0) };
  });
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0]!;
  const feature = plan.features.aiMessagesPerMonth;
  const limit = typeof feature === 'number' ? feature : 'unlimited';
  return {
    planId: plan.id,
    limit,
    used,
    remaining: limit === 'unlimited' ? 'unlimited' : Math.max(0, limit - used),
    resetsOn: quotaResetDay(now),
  };
}
