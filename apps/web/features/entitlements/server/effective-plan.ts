import { sql } from '@citewise/db/orm';
import { subscriptions } from '@/lib/db/schema';

/** Statuses that grant the plan. `past_due` keeps it while Stripe retries the payment (a grace period). */
export const entitledStatuses: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * The plan a subscription row entitles to: its plan, except that a plan an admin gave by hand ends at
 * `complimentaryUntil` and the user is on Free from then on (nothing runs at that moment; every reader asks this).
 */
export function effectivePlanId(row: { planId: string; complimentaryUntil: Date | null }, now = new Date()): string {
  return row.complimentaryUntil && row.complimentaryUntil.getTime() <= now.getTime() ? 'free' : row.planId;
}

/**
 * The plan the signed-in user has through a team ('team' while the team owner's subscription grants it, else
 * null): the security-definer function app.team_plan_id() of migration 0009, as members may not read the
 * owner's row. Team is the highest plan, so it wins over the user's own.
 */
export const teamPlanIdSql = sql<string | null>`app.team_plan_id()`;

/** effectivePlanId() inside a query on `subscriptions`. */
export const effectivePlanIdSql = sql<string>`case when ${subscriptions.complimentaryUntil} is not null and ${subscriptions.complimentaryUntil} <= now() then 'free' else ${subscriptions.planId} end`;
