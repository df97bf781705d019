import 'server-only';
import { eq, sql } from '@citewise/db/orm';
import type Stripe from 'stripe';
import { billingCustomers, billingInvoices, subscriptions } from '@/lib/db/schema';
import { parseLookupKey, terminalStatuses } from './prices';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';

/** The owner's connection (bypasses Row Level Security): only the webhook path writes billing state. */
export type OwnerDb = Parameters<Parameters<import('@citewise/db').Database['transaction']>[0]>[0];

/** Thrown when an event names a customer no user is linked to yet: answered 500 so Stripe retries later. */
export class UnknownCustomerError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Links a user to a Stripe customer once; the first link wins (one customer per user and per customer id). */
export async function linkCustomer(db: OwnerDb, userId: string, customerId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await db.insert(billingCustomers).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
}

async function linkedUser(db: OwnerDb, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [linked] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, customerId));
  return linked?.userId ?? null;
}

/** The user a Stripe customer belongs to: the stored link, else the user id the object carries in its metadata. */
export async function userForCustomer(db: OwnerDb, customerId: string | null, fallbackUserId?: string | null): Promise<string> {
  const linked = await linkedUser(db, customerId);
  if (linked) return linked;
  if (fallbackUserId && UUID.test(fallbackUserId)) {
    if (customerId) await linkCustomer(db, fallbackUserId, customerId);
    return fallbackUserId;
  }
  throw new UnknownCustomerError(`No user is linked to the Stripe customer ${customerId ?? '(none)'}`);
}

/** The end of the current period: on the items since API 2025-03-31 (the latest one), on the subscription before. */
export function periodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  if (ends.length > 0) return Math.max(...ends);
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return typeof legacy === 'number' ? legacy : null;
}

export type SyncOutcome = 'applied' | 'stale' | 'ignored';

/**
 * Writes a Stripe subscription onto its user's row. `eventCreated` orders the writes: an event older than the
 * last one applied to the same subscription changes nothing (on a tie a terminal state wins and `incomplete`
 * never replaces a later state), a canceled subscription is never brought back, and a late event of an older
 * subscription never replaces a newer one that grants the plan. `fresh` means the object was just read from
 * Stripe (not an event's snapshot), which is newer than any event.
 */
export async function syncSubscription(
  db: OwnerDb,
  subscription: Stripe.Subscription,
  options: { eventCreated: number; fresh?: boolean },
): Promise<SyncOutcome> {
  const customerId = idOf(subscription.customer);
  if (terminalStatuses.has(subscription.status) && !(await linkedUser(db, customerId))) {
    // An ended subscription of a customer no user is linked to (any more: a deleted account) grants nothing.
    return 'ignored';
  }
  const userId = await userForCustomer(db, customerId, subscription.metadata?.user_id);
  await db.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (!row) throw new Error('The subscription row vanished while it was locked');

  const incoming = subscription.status;
  if (row.stripeSubscriptionId === subscription.id) {
    const last = row.lastEventCreated ?? 0;
    if (terminalStatuses.has(row.status) && !terminalStatuses.has(incoming)) return 'stale';
    if (!options.fresh) {
      if (options.eventCreated < last) return 'stale';
      if (options.eventCreated === last && (terminalStatuses.has(row.status) || (incoming === 'incomplete' && row.status !== 'incomplete'))) {
        return 'stale';
      }
    }
  } else if (row.stripeSubscriptionId && entitledStatuses.has(row.status) && !entitledStatuses.has(incoming)) {
    // Another (older or abandoned) subscription of the same user: it must not take the plan away.
    return 'stale';
  }

  const item = subscription.items.data[0];
  const price = item?.price;
  const key = parseLookupKey(price?.lookup_key) ?? parseLookupKey(subscription.metadata?.lookup_key);
  if (!key) {
    console.error(`[billing] subscription ${subscription.id} has a price this product does not sell (${price?.lookup_key ?? price?.id})`);
    return 'ignored';
  }
  const end = periodEnd(subscription);
  const entitled = entitledStatuses.has(incoming);
  await db
    .update(subscriptions)
    .set({
      planId: entitled ? key.plan : 'free',
      status: incoming,
      interval: key.interval,
      currency: key.currency,
      seats: item?.quantity ?? 1,
      currentPeriodEnd: end ? new Date(end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
      stripeSubscriptionId: subscription.id,
      stripePriceId: price?.id ?? null,
      lastEventCreated: Math.max(options.eventCreated, row.stripeSubscriptionId === subscription.id ? (row.lastEventCreated ?? 0) : 0),
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.userId, userId));
  return 'applied';
}

/** The subscription an invoice belongs to: `parent.subscription_details` (API 2025-03-31 and later) or the old top-level field. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  if (parent) return idOf(parent);
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/** Records an invoice for the billing page, keyed by its own id (a payment is listed once, however often it is announced). */
export async function recordInvoice(db: OwnerDb, invoice: Stripe.Invoice): Promise<void> {
  if (!invoice.id) return;
  const userId = await userForCustomer(db, idOf(invoice.customer), invoice.parent?.subscription_details?.metadata?.user_id);
  const line = invoice.lines?.data?.[0];
  const values = {
    id: invoice.id,
    userId,
    stripeSubscriptionId: invoiceSubscriptionId(invoice),
    status: invoice.status ?? 'open',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    billingReason: invoice.billing_reason ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    periodStart: line?.period ? new Date(line.period.start * 1000) : null,
    periodEnd: line?.period ? new Date(line.period.end * 1000) : null,
    created: new Date(invoice.created * 1000),
  };
  await db
    .insert(billingInvoices)
    .values(values)
    .onConflictDoUpdate({
      target: billingInvoices.id,
      set: { status: values.status, amountPaid: values.amountPaid, hostedInvoiceUrl: values.hostedInvoiceUrl },
    });
}
