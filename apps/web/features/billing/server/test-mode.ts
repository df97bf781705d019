import 'server-only';
import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import type Stripe from 'stripe';
import type { SessionUser } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { lookupKey, stripeInterval, unitAmount, type PriceKey } from './prices';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';
import { customerId, subscriptionRow, type SubscriptionRow } from './billing-state';
import { ensureCustomer } from './customer';
import { STRIPE_API_VERSION, stripeConfigured, stripeWebhooks, testModeEnabled, webhookSecret } from './stripe';

/**
 * The local test mode (no STRIPE_SECRET_KEY; in production only with BILLING_TEST_MODE=on): what Stripe would do for a checkout, a renewal, a failed payment,
 * a plan change or a cancellation, told as the events Stripe sends (same types, same object shapes), signed
 * with the webhook secret and handed to the webhook route's own handler. The billing state changes only there.
 */
export const TEST_CARD = '4242 4242 4242 4242';
export const DECLINING_TEST_CARD = '4000 0000 0000 0002';

const DAY = 86_400;
const newId = (prefix: string) => `${prefix}_local_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export function assertTestMode(): void {
  if (stripeConfigured()) throw new AppError('not_found', { message: 'The local test mode is off while Stripe is configured' });
  if (!testModeEnabled()) throw new AppError('not_found', { message: 'The local test mode is off (BILLING_TEST_MODE)' });
}

/** Hands one event, signed as Stripe signs, to POST /api/webhooks/stripe's handler; fails unless it is accepted. */
async function deliver(type: string, object: object, previous?: object): Promise<void> {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: previous ? { object, previous_attributes: previous } : { object },
  };
  const payload = JSON.stringify(event);
  const signature = stripeWebhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
  const { stripeWebhook } = await import('./webhook-route');
  const response = await stripeWebhook(
    new NextRequest(`${env.SITE_URL}/api/webhooks/stripe`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    }),
  );
  if (!response.ok) throw new Error(`The webhook refused the test-mode event ${type}: ${response.status} ${await response.text()}`);
}

function price(key: PriceKey) {
  const name = lookupKey(key);
  return {
    id: `price_local_${name}`,
    object: 'price',
    active: true,
    currency: key.currency,
    unit_amount: unitAmount(key),
    unit_amount_decimal: String(unitAmount(key)),
    lookup_key: name,
    product: `prod_citewise_${key.plan}`,
    type: 'recurring',
    recurring: { interval: stripeInterval(key.interval), interval_count: 1, usage_type: 'licensed', meter: null },
  };
}

type LocalSubscription = {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  key: PriceKey;
  seats: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  userId: string;
};

function periodLength(key: PriceKey): number {
  return key.interval === 'yearly' ? 365 * DAY : 30 * DAY;
}

function subscriptionObject(sub: LocalSubscription) {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    canceled_at: sub.status === 'canceled' || sub.cancelAtPeriodEnd ? now() : null,
    ended_at: sub.status === 'canceled' ? now() : null,
    created: sub.periodStart,
    livemode: false,
    trial_end: null,
    metadata: { user_id: sub.userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          quantity: sub.seats,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: price(sub.key),
        },
      ],
    },
  };
}

function invoiceObject(sub: LocalSubscription, paid: boolean, reason: string, amount = unitAmount(sub.key) * sub.seats) {
  const id = newId('in');
  return {
    id,
    object: 'invoice',
    customer: sub.customer,
    status: paid ? 'paid' : 'open',
    billing_reason: reason,
    collection_method: 'charge_automatically',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    currency: sub.key.currency,
    attempt_count: 1,
    hosted_invoice_url: null,
    created: now(),
    livemode: false,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: { user_id: sub.userId } } },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: sub.key.currency,
          quantity: sub.seats,
          period: { start: sub.periodStart, end: sub.periodEnd },
        },
      ],
    },
  };
}

/** The user's current test-mode subscription, rebuilt from their row (the state the webhook wrote). */
async function current(userId: string): Promise<LocalSubscription & { row: SubscriptionRow }> {
  const row = await subscriptionRow(userId);
  if (!row?.stripeSubscriptionId || row.planId === 'free' || !row.interval || !row.currency || !row.currentPeriodEnd) {
    throw new AppError('conflict', { message: 'There is no paid subscription to change' });
  }
  const key = { plan: row.planId as PriceKey['plan'], interval: row.interval as PriceKey['interval'], currency: row.currency as PriceKey['currency'] };
  const periodEnd = Math.floor(row.currentPeriodEnd.getTime() / 1000);
  return {
    row,
    id: row.stripeSubscriptionId,
    customer: (await customerId(userId)) ?? '',
    status: row.status as Stripe.Subscription.Status,
    key,
    seats: row.seats,
    periodStart: periodEnd - periodLength(key),
    periodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    userId,
  };
}

/** The test-mode checkout: the declining test card ends in `incomplete` and a failed invoice, any other number pays. */
export async function testCheckout(user: SessionUser, key: PriceKey, seats: number, card: string): Promise<{ paid: boolean }> {
  assertTestMode();
  const row = await subscriptionRow(user.id);
  if (row?.stripeSubscriptionId && entitledStatuses.has(row.status)) throw new AppError('conflict', { message: 'Already subscribed' });
  const customer = await ensureCustomer(user);
  const start = now();
  const sub: LocalSubscription = {
    id: newId('sub'),
    customer,
    status: 'incomplete',
    key,
    seats,
    periodStart: start,
    periodEnd: start + periodLength(key),
    cancelAtPeriodEnd: false,
    userId: user.id,
  };
  const declined = card.replace(/\D/g, '') === DECLINING_TEST_CARD.replace(/\D/g, '');
  await deliver('customer.subscription.created', subscriptionObject(sub));
  if (declined) {
    await deliver('invoice.payment_failed', invoiceObject(sub, false, 'subscription_create'));
    return { paid: false };
  }
  await deliver('invoice.paid', invoiceObject(sub, true, 'subscription_create'));
  sub.status = 'active';
  await deliver('customer.subscription.updated', subscriptionObject(sub), { status: 'incomplete' });
  await deliver('checkout.session.completed', {
    id: newId('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: user.id,
    customer,
    subscription: sub.id,
    metadata: { user_id: user.id },
    amount_total: unitAmount(key) * seats,
    currency: key.currency,
    created: start,
    livemode: false,
  });
  return { paid: true };
}

/** Cancel at period end, or take the cancellation back. */
export async function testSetCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<void> {
  assertTestMode();
  const sub = await current(userId);
  if (sub.status === 'canceled') throw new AppError('conflict');
  sub.cancelAtPeriodEnd = cancel;
  await deliver('customer.subscription.updated', subscriptionObject(sub), { cancel_at_period_end: !cancel });
}

/** A plan or interval change, prorated now (a charge or a credit on the next invoice), as Stripe's default does. */
export async function testChangePlan(userId: string, key: PriceKey, seats: number, prorated: number): Promise<void> {
  assertTestMode();
  const sub = await current(userId);
  const previousItems = subscriptionObject(sub).items;
  const intervalChanged = sub.key.interval !== key.interval;
  sub.key = key;
  sub.seats = seats;
  if (intervalChanged) {
    // A new interval starts a new billing period at once (Stripe resets the billing cycle anchor).
    sub.periodStart = now();
    sub.periodEnd = sub.periodStart + periodLength(key);
  }
  if (prorated > 0) await deliver('invoice.paid', invoiceObject(sub, true, 'subscription_update', prorated));
  await deliver('customer.subscription.updated', subscriptionObject(sub), { items: previousItems });
}

/** What Stripe does on its own, on demand: a renewal, a failed renewal, a recovered payment, the end of the period. */
export async function testSimulate(userId: string, event: 'renewal' | 'payment_failed' | 'payment_recovered' | 'period_end'): Promise<void> {
  assertTestMode();
  const sub = await current(userId);
  if (sub.status === 'canceled') throw new AppError('conflict');
  const previousStatus = sub.status;
  switch (event) {
    case 'renewal':
    case 'payment_failed': {
      if (sub.cancelAtPeriodEnd) throw new AppError('conflict', { message: 'The subscription ends at the end of this period' });
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = sub.periodStart + periodLength(sub.key);
      const paid = event === 'renewal';
      await deliver(paid ? 'invoice.paid' : 'invoice.payment_failed', invoiceObject(sub, paid, 'subscription_cycle'));
      sub.status = paid ? 'active' : 'past_due';
      await deliver('customer.subscription.updated', subscriptionObject(sub), { status: previousStatus });
      return;
    }
    case 'payment_recovered': {
      if (sub.status !== 'past_due') throw new AppError('conflict', { message: 'No payment is overdue' });
      await deliver('invoice.paid', invoiceObject(sub, true, 'subscription_cycle'));
      sub.status = 'active';
      await deliver('customer.subscription.updated', subscriptionObject(sub), { status: previousStatus });
      return;
    }
    case 'period_end': {
      sub.status = 'canceled';
      await deliver('customer.subscription.deleted', subscriptionObject(sub));
      return;
    }
  }
}

/** The subscription ends now, as Stripe's immediate cancellation does (an account being deleted). */
export async function testCancelNow(userId: string): Promise<void> {
  assertTestMode();
  const sub = await current(userId);
  if (sub.status === 'canceled') return;
  sub.status = 'canceled';
  await deliver('customer.subscription.deleted', subscriptionObject(sub));
}
