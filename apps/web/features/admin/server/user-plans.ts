import 'server-only';
import { inArray } from '@citewise/db/orm';
import { effectivePlanId } from '@/features/entitlements/server/effective-plan';
import { appDatabase } from '@/lib/db/database';
import { subscriptions } from '@/lib/db/schema';
import type { AdminUserSummary } from '../user-summary';

/** The plans of the listed accounts in one query (Free for an account without a subscription row). */
export async function plansOf(userIds: string[]): Promise<Map<string, AdminUserSummary['plan']>> {
  const plans = new Map<string, AdminUserSummary['plan']>();
  if (userIds.length === 0) return plans;
  const { db } = await appDatabase();
  const rows = await db
    .select({ userId: subscriptions.userId, planId: subscriptions.planId, complimentaryUntil: subscriptions.complimentaryUntil })
    .from(subscriptions)
    .where(inArray(subscriptions.userId, userIds));
  for (const row of rows) {
    const id = effectivePlanId(row);
    plans.set(row.userId, { id, complimentary_until: id !== 'free' ? (row.complimentaryUntil?.toISOString() ?? null) : null });
  }
  return plans;
}
