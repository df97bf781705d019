import 'server-only';
import type Stripe from 'stripe';
import type { DatabaseHandle } from '@citewise/db';
import { stripeEvents } from '@/lib/db/schema';
import { stripeClient, stripeConfigured } from './stripe';
import { invoiceSubscriptionId, linkCustomer, recordInvoice, syncSubscription, type OwnerDb } from './sync-subscription';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

export const handledEventTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Applies one verified Stripe event, once: its id is stored in the same transaction as its effect, so a
 * replay changes nothing and a failure (thrown, answered 500) leaves nothing behind for Stripe's retry.
 * With Stripe configured the subscription is read back from Stripe (the freshest state, whatever the order
 * of events); in test mode the event's own snapshot is applied under the ordering rules of syncSubscription.
 */
export async function handleStripeEvent(handle: Pick<DatabaseHandle, 'db'>, event: Stripe.Event): Promise<EventOutcome> {
  if (!handledEventTypes.has(event.type)) return 'ignored';
  return handle.db.transaction(async (db) => {
    const inserted = await db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, created: event.created })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return 'duplicate';
    return applyEvent(db, event);
  });
}

async function syncById(db: OwnerDb, subscriptionId: string, eventCreated: number): Promise<EventOutcome> {
  const subscription = await stripeClient().subscriptions.retrieve(subscriptionId);
  return syncSubscription(db, subscription, { eventCreated, fresh: true });
}

async function applyEvent(db: OwnerDb, event: Stripe.Event): Promise<EventOutcome> {
  const live = stripeConfigured();
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return 'ignored';
      const customerId = idOf(session.customer);
      const userId = session.client_reference_id ?? session.metadata?.user_id;
      if (customerId && userId) await linkCustomer(db, userId, customerId);
      const subscriptionId = idOf(session.subscription);
      if (subscriptionId && live) return syncById(db, subscriptionId, event.created);
      return 'applied';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      if (live) return syncById(db, subscription.id, event.created);
      return syncSubscription(db, subscription, { eventCreated: event.created });
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      await recordInvoice(db, invoice);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (subscriptionId && live) return syncById(db, subscriptionId, event.created);
      return 'applied';
    }
    default:
      return 'ignored';
  }
}
