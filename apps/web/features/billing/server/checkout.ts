import 'server-only';
import type { SessionUser } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { findPlan, lookupKey, type PriceKey } from './prices';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';
import type { CheckoutInput } from '../schema';
import { subscriptionRow } from './billing-state';
import { ensureCustomer } from './customer';
import { stripeClient, stripeConfigured, testModeEnabled } from './stripe';

export const billingPath = '/dashboard/settings/billing';
export const testCheckoutPath = '/dashboard/checkout';

/** Seats of a checkout: the count asked for on per-seat plans, one otherwise. */
export function seatsFor(plan: PriceKey['plan'], seats: number | undefined): number {
  return findPlan(plan)?.perSeat ? (seats ?? 1) : 1;
}

/** The Stripe price with this lookup key (`npm run billing:sync` creates them); a clear failure when it is missing. */
export async function stripePriceId(key: PriceKey): Promise<string> {
  const name = lookupKey(key);
  const prices = await stripeClient().prices.list({ lookup_keys: [name], active: true, limit: 1 });
  const price = prices.data[0];
  if (!price) throw new AppError('internal_error', { message: `No active Stripe price has the lookup key ${name}; run npm run billing:sync` });
  return price.id;
}

/**
 * Where the user goes to pay for a plan: Stripe Checkout (subscription mode) when Stripe is configured, else
 * the local test-mode checkout page. The price comes from configuration by lookup key, never from the
 * request. Someone who already pays is sent to the billing page to change plan instead.
 */
export async function createCheckout(user: SessionUser, input: CheckoutInput, locale: Locale): Promise<{ url: string }> {
  const key: PriceKey = { plan: input.plan, interval: input.interval, currency: input.currency };
  const seats = seatsFor(input.plan, input.seats);
  const row = await subscriptionRow(user.id);
  if (row?.stripeSubscriptionId && entitledStatuses.has(row.status)) {
    const query = new URLSearchParams({ change: input.plan, interval: input.interval });
    return { url: `${localizePath(billingPath, locale)}?${query.toString()}` };
  }
  if (!stripeConfigured()) {
    if (!testModeEnabled()) throw new AppError('billing_unavailable');
    const query = new URLSearchParams({ plan: input.plan, interval: input.interval, currency: input.currency, seats: String(seats) });
    return { url: `${localizePath(testCheckoutPath, locale)}?${query.toString()}` };
  }
  const customer = await ensureCustomer(user);
  const price = await stripePriceId(key);
  const session = await stripeClient().checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: user.id,
    // Per-seat plans (Team) may change the seat count on Stripe's page too.
    line_items: [{ price, quantity: seats, ...(findPlan(input.plan)?.perSeat ? { adjustable_quantity: { enabled: true, minimum: 1, maximum: 500 } } : {}) }],
    allow_promotion_codes: true,
    locale: locale === 'zh' ? 'zh' : 'en',
    metadata: { user_id: user.id },
    subscription_data: { metadata: { user_id: user.id } },
    success_url: `${env.SITE_URL}${localizePath(billingPath, locale)}?checkout=success`,
    cancel_url: `${env.SITE_URL}${localizePath('/pricing', locale)}`,
  });
  if (!session.url) throw new AppError('internal_error', { message: 'Stripe returned a Checkout Session without a URL' });
  return { url: session.url };
}
