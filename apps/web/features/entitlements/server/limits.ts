import 'server-only';
import { and, count, eq, inArray, sql } from '@citewise/db/orm';
import { plans, type Plan } from '@/config/plans';
import { effectivePlanIdSql, teamPlanIdSql } from './effective-plan';
import { monthStart, quotaResetDay, utcDay } from '@/features/entitlements/server/usage-period';
import { libraryPapers, subscriptions, usageCounters } from '@/lib/db/schema';
import { withUserDb, type UserClaims, type UserDb } from '@/lib/db/user-db';
import { AppError, type LimitDetail } from '@/lib/errors';

/** Where a limit message sends the user: the plans, to upgrade. */
export const UPGRADE_PATH = '/pricing';

export type CountedFeature = 'searchesPerDay' | 'referenceChecksPerMonth';

/**
 * The user's plan: the team's while they are on a team whose owner pays for Team, else as their own row says
 * (Free without one); read inside the caller's transaction, as the user.
 */
export async function planOf(db: UserDb, userId: string): Promise<Plan> {
  const [row] = await db
    .select({
      planId: sql<string | null>`coalesce(${teamPlanIdSql}, (select ${effectivePlanIdSql} from ${subscriptions} where ${subscriptions.userId} = ${userId}))`,
    })
    .from(sql`(select 1) as one`);
  return plans.find((plan) => plan.id === row?.planId) ?? plans[0]!;
}

/** The period a counted feature is counted in, and the day it starts again. */
export function countingPeriod(feature: CountedFeature, now: Date): { period: string; resetsOn: string } {
  if (feature === 'searchesPerDay') {
    return { period: utcDay(now), resetsOn: utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))) };
  }
  return { period: monthStart(now), resetsOn: quotaResetDay(now) };
}

/** The error every limit answers with (see LimitDetail): one shape for every feature. */
export function limitReached(detail: Omit<LimitDetail, 'upgrade_url'>): AppError {
  return new AppError('plan_limit_reached', { limit: { ...detail, upgrade_url: UPGRADE_PATH } });
}

/**
 * Counts one use of a counted feature, as the user, refusing it with `plan_limit_reached` once the plan's limit
 * for the period is used up (the refused use is not counted: the transaction rolls back). Unlimited plans are
 * counted too, for the usage page.
 */
export async function consumeLimit(claims: UserClaims, feature: CountedFeature, now = new Date()): Promise<void> {
  const { period, resetsOn } = countingPeriod(feature, now);
  await withUserDb(claims, async (db) => {
    const plan = await planOf(db, claims.sub);
    const [counter] = await db
      .insert(usageCounters)
      .values({ userId: claims.sub, feature, period, count: 1 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.feature, usageCounters.period],
        set: { count: sql`${usageCounters.count} + 1`, updatedAt: sql`now()` },
      })
      .returning({ count: usageCounters.count });
    const limit = plan.features[feature];
    const used = counter?.count ?? 1;
    if (typeof limit === 'number' && used > limit) throw limitReached({ feature, limit, used: used - 1, resets_on: resetsOn });
  });
}

/** Uses of a counted feature in the current period. */
export async function countedUsage(db: UserDb, userId: string, feature: CountedFeature, now = new Date()): Promise<number> {
  const { period } = countingPeriod(feature, now);
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.feature, feature), eq(usageCounters.period, period)));
  return row?.count ?? 0;
}

/**
 * Refuses saving papers that would take the library past the plan's size. Papers already saved can always be
 * saved again (a refreshed record); over the limit after a downgrade the library is read-only for new papers,
 * and nothing is deleted.
 */
export async function assertLibraryRoom(db: UserDb, userId: string, paperIds: string[]): Promise<void> {
  const limit = (await planOf(db, userId)).features.libraryPapers;
  if (typeof limit !== 'number' || paperIds.length === 0) return;
  const unique = [...new Set(paperIds)];
  const saved = await db
    .select({ paperId: libraryPapers.paperId })
    .from(libraryPapers)
    .where(and(eq(libraryPapers.userId, userId), inArray(libraryPapers.paperId, unique)));
  const adding = unique.length - saved.length;
  if (adding === 0) return;
  const [total] = await db.select({ count: count() }).from(libraryPapers).where(eq(libraryPapers.userId, userId));
  const used = Number(total?.count ?? 0);
  if (used + adding > limit) throw limitReached({ feature: 'libraryPapers', limit, used, resets_on: null });
}
