import { sql } from '@citewise/db/orm';
import { subscriptions } from '@/lib/db/schema';

/**
 * The plan a subscription row entitles to: its plan, except that a plan an admin gave by hand ends at
 * `complimentaryUntil` and the user is on Free from then on (nothing runs at that moment; every reader asks this).
 */
export function effectivePlanId(row: { planId: string; complimentaryUntil: Date | null }, now = new Date()): string {
  return row.complimentaryUntil && row.complimentaryUntil.getTime() <= now.getTime() ? 'free' : row.planId;
}

/** effectivePlanId() inside a query on `subscriptions`. */
export const effectivePlanIdSql = sql<string>`case when ${subscriptions.complimentaryUntil} is not null and ${subscriptions.complimentaryUntil} <= now() then 'free' else ${subscriptions.planId} end`;
