import 'server-only';
import { eq } from '@citewise/db/orm';
import { plans, type Plan } from '@/config/plans';
import { subscriptions } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

export type UserSubscription = {
  plan: Plan;
  status: string;
  /** When the user's row was created (their first day on the plan). */
  since: string;
};

/**
 * The signed-in user's plan. Until billing exists everyone is on Free: the row is created on first read,
 * as the user (Row Level Security lets them create their own row, not change it).
 */
export async function getSubscription(claims: UserClaims): Promise<UserSubscription> {
  const row = await withUserDb(claims, async (db) => {
    await db.insert(subscriptions).values({ userId: claims.sub }).onConflictDoNothing();
    // The filter is for the index; the policies would return only this user's row without it.
    const [own] = await db.select().from(subscriptions).where(eq(subscriptions.userId, claims.sub)).limit(1);
    return own;
  });
  if (!row) throw new Error('The subscription row was not visible right after it was written');
  const plan = plans.find((candidate) => candidate.id === row.planId) ?? plans[0]!;
  return { plan, status: row.status, since: row.createdAt.toISOString() };
}
