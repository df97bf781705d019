import 'server-only';
import { sql } from '@citewise/db/orm';
import { plans, type PlanId } from '@/config/plans';
import { aiUsage, subscriptions } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { effectivePlanIdSql, teamPlanIdSql } from '@/features/entitlements/server/effective-plan';
import { monthStart, quotaResetDay } from './usage-period';

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
 * The user's monthly AI message quota and what is left of it.
 */
export async function getAiQuota(claims: UserClaims, now = new Date()): Promise<AiQuota> {
  // One statement: the proxy asks before every AI message, and the answer waits for it. A user without a
  // subscription row is on Free, the row's default (getSubscription creates it on first read).
  const [row] = await withUserDb(claims, (db) =>
    db
      .select({
        planId: sql<
          string | null
        >`coalesce(${teamPlanIdSql}, (select ${effectivePlanIdSql} from ${subscriptions} where ${subscriptions.userId} = ${claims.sub}))`,
        used: sql<
          string | number
        >`(select coalesce(sum(${aiUsage.messages}), 0) from ${aiUsage} where ${aiUsage.userId} = ${claims.sub} and ${aiUsage.day} >= ${monthStart(now)})`,
      })
      .from(sql`(select 1) as one`),
  );
  const planId = row?.planId;
  const used = Number(row?.used ?? 0);
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
