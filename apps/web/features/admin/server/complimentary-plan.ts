import 'server-only';
import { eq } from '@citewise/db/orm';
import { effectivePlanId } from '@/features/entitlements/server/effective-plan';
import { appDatabase } from '@/lib/db/database';
import { subscriptions } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

type Row = typeof subscriptions.$inferSelect;
const planState = (row: Row | undefined) =>
  row
    ? {
        plan: effectivePlanId(row),
        status: row.status,
        complimentary_until: row.complimentaryUntil?.toISOString() ?? null,
        stripe: Boolean(row.stripeSubscriptionId),
      }
    : { plan: 'free' };

/** A paid Stripe subscription is managed in Stripe; a plan by hand never overrides one. */
function refusePaid(row: Row | undefined) {
  if (row?.stripeSubscriptionId && !['canceled', 'incomplete_expired'].includes(row.status)) {
    throw new AppError('plan_managed_in_stripe', { message: 'The account has a paid subscription; change it in Stripe' });
  }
}

/**
 * Gives a plan by hand: the account is on `plan` until the end of `until` (UTC), then on Free again. Nothing is
 * charged and Stripe is not told; the subscription row says so (`complimentary_until`).
 */
export async function giveComplimentaryPlan(actor: Actor, userId: string, input: { plan: string; until: string }) {
  const account = await getAccountOrThrow(userId);
  const { db } = await appDatabase();
  const until = new Date(`${input.until}T23:59:59.999Z`);
  const { before, after } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    refusePaid(current);
    const values = {
      planId: input.plan,
      status: 'active',
      interval: null,
      currency: null,
      seats: 1,
      currentPeriodEnd: until,
      cancelAtPeriodEnd: true,
      stripeSubscriptionId: null,
      stripePriceId: null,
      complimentaryUntil: until,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values })
      .returning();
    return { before: planState(current), after: planState(row) };
  });
  await appendAudit({ actor: actorOf(actor), action: 'user.plan_give', target: { id: userId, email: account.email ?? null }, before, after, ip: actor.ip });
  return after;
}

/** Takes a plan given by hand away at once (the account is on Free). A Stripe subscription is left alone. */
export async function takeComplimentaryPlan(actor: Actor, userId: string) {
  const account = await getAccountOrThrow(userId);
  const { db } = await appDatabase();
  const { before, after } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    if (!current?.complimentaryUntil) throw new AppError('no_complimentary_plan', { message: 'The account has no plan given by hand' });
    const [row] = await tx
      .update(subscriptions)
      .set({ planId: 'free', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, complimentaryUntil: null, updatedAt: new Date() })
      .where(eq(subscriptions.userId, userId))
      .returning();
    return { before: planState(current), after: planState(row) };
  });
  await appendAudit({ actor: actorOf(actor), action: 'user.plan_take', target: { id: userId, email: account.email ?? null }, before, after, ip: actor.ip });
  return after;
}
