import 'server-only';
import { eq, sql } from '@citewise/db/orm';
import { plans, type Plan } from '@/config/plans';
import { effectivePlanId, teamPlanIdSql } from '@/features/entitlements/server/effective-plan';
import { subscriptions } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

export type UserSubscription = {
  plan: Plan;
  /** Stripe's status (`active`, `trialing`, `past_due`, `canceled`, `incomplete`, …); Free is `active`. */
  status: string;
  interval: 'monthly' | 'yearly' | null;
  currency: 'usd' | 'cny' | null;
  seats: number;
  /** Given by an admin by hand (no payment) until `currentPeriodEnd`. */
  complimentary: boolean;
  /** When the paid period ends: the renewal date, or the end date when `cancelAtPeriodEnd`. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When the user's row was created (their first day with the product's plans). */
  since: string;
  /** The plan comes from the team the user is a member of (the owner pays); the user's own row is Free or less. */
  throughTeam: boolean;
};

/**
 * The signed-in user's plan. The row is created (Free) on first read, as the user; only the Stripe webhook
 * changes it afterwards (Row Level Security lets users create their own row, not change it).
 */
export async function getSubscription(claims: UserClaims): Promise<UserSubscription> {
  const row = await withUserDb(claims, async (db) => {
    await db.insert(subscriptions).values({ userId: claims.sub }).onConflictDoNothing();
    // The filter is for the index; the policies would return only this user's row without it.
    const [own] = await db.select().from(subscriptions).where(eq(subscriptions.userId, claims.sub)).limit(1);
    const [team] = await db.select({ planId: teamPlanIdSql }).from(sql`(select 1) as one`);
    return own ? { ...own, teamPlanId: team?.planId ?? null } : undefined;
  });
  if (!row) throw new Error('The subscription row was not visible right after it was written');
  const ownPlanId = effectivePlanId(row);
  if (row.teamPlanId && ownPlanId !== row.teamPlanId) {
    // A member of a paying team: the team's plan, billed to its owner (nothing to renew or cancel here).
    const plan = plans.find((candidate) => candidate.id === row.teamPlanId) ?? plans[0]!;
    return {
      plan,
      status: 'active',
      complimentary: false,
      interval: null,
      currency: null,
      seats: 1,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      since: row.createdAt.toISOString(),
      throughTeam: true,
    };
  }
  const planId = ownPlanId;
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0]!;
  const ended = planId !== row.planId;
  return {
    plan,
    // A plan given by hand that has run out reads as a canceled subscription of Free.
    status: ended ? 'canceled' : row.status,
    complimentary: Boolean(row.complimentaryUntil) && !ended,
    interval: row.interval === 'monthly' || row.interval === 'yearly' ? row.interval : null,
    currency: row.currency === 'usd' || row.currency === 'cny' ? row.currency : null,
    seats: row.seats,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    since: row.createdAt.toISOString(),
    throughTeam: false,
  };
}
