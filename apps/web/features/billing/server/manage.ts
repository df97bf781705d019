import 'server-only';
import type { SessionUser } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { proratedAmount, terminalStatuses, unitAmount, type PriceKey } from './prices';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';
import type { ChangeSubscriptionInput } from '../schema';
import { customerId, subscriptionRow, type SubscriptionRow } from './billing-state';
import { teamSeatsInUse } from '@/features/team/server/team';
import { billingPath, seatsFor, stripePriceId } from './checkout';
import { stripeClient, stripeConfigured, testModeEnabled } from './stripe';
import { testCancelNow, testChangePlan, testSetCancelAtPeriodEnd } from './test-mode';

function paidRow(
  row: SubscriptionRow | null,
): row is SubscriptionRow & { stripeSubscriptionId: string; interval: string; currency: string; currentPeriodEnd: Date } {
  return Boolean(row?.stripeSubscriptionId && row.interval && row.currency && row.currentPeriodEnd && entitledStatuses.has(row.status));
}

async function requirePaid(userId: string) {
  const row = await subscriptionRow(userId);
  if (!paidRow(row)) throw new AppError('conflict', { message: 'There is no paid subscription to change' });
  return row;
}

function currentKey(row: SubscriptionRow): PriceKey {
  return { plan: row.planId as PriceKey['plan'], interval: row.interval as PriceKey['interval'], currency: row.currency as PriceKey['currency'] };
}

export type ChangePreview = {
  /** Charged now (positive) or credited to the next invoice (negative), in the currency's minor unit. */
  amountDue: number;
  currency: string;
  /** The price per period after the change, in minor units. */
  nextAmount: number;
  /** An interval change starts a new period now; otherwise the period end stays. */
  periodResets: boolean;
};

/** Fewer seats than the team fills would leave members without one: they are removed (or invitations revoked) first. */
async function refuseFewerSeatsThanUsed(ownerId: string, plan: PriceKey['plan'], seats: number) {
  if (plan === 'team' && seats < (await teamSeatsInUse(ownerId))) throw new AppError('team_seats_in_use');
}

/**
 * The cost of a plan or interval change, before it is confirmed. Within one interval the unused time at the
 * old price is credited and charged at the new one (Stripe's default proration); an interval change starts a
 * new period and charges the new price less the unused part of the old one.
 */
export async function previewChange(
  userId: string,
  input: { plan: PriceKey['plan']; interval: PriceKey['interval']; seats?: number },
  at = new Date(),
): Promise<ChangePreview> {
  const row = await requirePaid(userId);
  const from = currentKey(row);
  const to: PriceKey = { plan: input.plan, interval: input.interval, currency: from.currency };
  const seats = seatsFor(input.plan, input.seats ?? row.seats);
  await refuseFewerSeatsThanUsed(userId, input.plan, seats);
  const fromAmount = unitAmount(from) * row.seats;
  const toAmount = unitAmount(to) * seats;
  const end = Math.floor(row.currentPeriodEnd.getTime() / 1000);
  const length = (from.interval === 'yearly' ? 365 : 30) * 86_400;
  const now = Math.floor(at.getTime() / 1000);
  const periodResets = from.interval !== to.interval;
  const amountDue = periodResets
    ? toAmount - Math.round(fromAmount * Math.min(1, Math.max(0, (end - now) / length)))
    : proratedAmount({ fromAmount, toAmount, periodStart: end - length, periodEnd: end, now });
  return { amountDue, currency: from.currency, nextAmount: toAmount, periodResets };
}

/**
 * Cancel at period end, resume, or change plan. With Stripe this asks Stripe, and the subscription row changes
 * when Stripe's event arrives; in test mode the simulated events take the same path.
 */
export async function changeSubscription(user: SessionUser, input: ChangeSubscriptionInput): Promise<{ ok: true }> {
  const row = await requirePaid(user.id);
  if (input.action === 'change') {
    const key: PriceKey = { plan: input.plan, interval: input.interval, currency: currentKey(row).currency };
    const seats = seatsFor(input.plan, input.seats ?? row.seats);
    if (key.plan === row.planId && key.interval === row.interval && seats === row.seats)
      throw new AppError('plan_unchanged', { message: 'That is the current plan' });
    await refuseFewerSeatsThanUsed(user.id, key.plan, seats);
    if (!stripeConfigured()) {
      const preview = await previewChange(user.id, input);
      await testChangePlan(user.id, key, seats, preview.amountDue);
      return { ok: true };
    }
    const stripe = stripeClient();
    const subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new AppError('conflict');
    await stripe.subscriptions.update(row.stripeSubscriptionId, {
      items: [{ id: item.id, price: await stripePriceId(key), quantity: seats }],
      proration_behavior: 'always_invoice',
      cancel_at_period_end: false,
    });
    return { ok: true };
  }
  const cancel = input.action === 'cancel';
  if (!stripeConfigured()) await testSetCancelAtPeriodEnd(user.id, cancel);
  else await stripeClient().subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancel });
  return { ok: true };
}

/** A Stripe Billing Portal session for the user's own customer (payment method, invoices); only with Stripe. */
export async function createPortalSession(user: SessionUser, locale: Locale): Promise<{ url: string }> {
  if (!stripeConfigured()) throw new AppError('not_found', { message: 'The Billing Portal needs Stripe' });
  const customer = await customerId(user.id);
  if (!customer) throw new AppError('not_found');
  const session = await stripeClient().billingPortal.sessions.create({
    customer,
    return_url: `${env.SITE_URL}${localizePath(billingPath, locale)}`,
    locale: locale === 'zh' ? 'zh' : 'en',
  });
  return { url: session.url };
}

/**
 * Ends the user's subscription at once because the account is being deleted: nobody is charged for an account
 * that no longer exists. With Stripe the subscription is canceled there (Stripe then sends
 * `customer.subscription.deleted`); in test mode the same event is simulated and goes through the webhook
 * route. A failure stops the deletion, so the person can try again instead of paying on.
 */
export async function cancelSubscriptionForDeletion(userId: string): Promise<void> {
  const row = await subscriptionRow(userId);
  if (!row?.stripeSubscriptionId || terminalStatuses.has(row.status)) return;
  if (!stripeConfigured()) {
    // An unpaid local subscription (a declined first payment) has nothing that could be charged later, and with
    // the test mode switched off no local subscription can be charged either: its rows simply go.
    if (entitledStatuses.has(row.status) && testModeEnabled()) await testCancelNow(userId);
    return;
  }
  try {
    await stripeClient().subscriptions.cancel(row.stripeSubscriptionId, { cancellation_details: { comment: 'The account was deleted' } });
  } catch (error) {
    // Already gone at Stripe: nothing left to cancel.
    if ((error as { code?: string }).code === 'resource_missing') return;
    throw error;
  }
}
