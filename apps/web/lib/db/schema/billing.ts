// Billing's tables: the plan each user is on, their Stripe customer, the Stripe events applied and the invoices.
import { bigint, boolean, index, integer, text, timestamp, uuid } from '@citewise/db/pg-core';
import { app, ownRows } from './app';

/**
 * The plan each user is on: one row per user, Free (the defaults) until a Stripe subscription (or the local
 * test-mode one) says otherwise. Only the Stripe webhook changes a row after it exists, through the owner's
 * connection (features/billing/server/sync-subscription.ts); users can read and create their row, never change it.
 * `status` is Stripe's word (`active`, `trialing`, `past_due`, `canceled`, `incomplete`, …).
 */
export const subscriptions = app
  .table(
    'subscriptions',
    {
      userId: uuid('user_id').primaryKey(),
      planId: text('plan_id').notNull().default('free'),
      status: text('status').notNull().default('active'),
      /** `monthly` | `yearly`; null on Free. */
      interval: text('interval'),
      /** `usd` | `cny`; null on Free. */
      currency: text('currency'),
      seats: integer('seats').notNull().default(1),
      currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
      cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
      stripeSubscriptionId: text('stripe_subscription_id').unique('subscriptions_stripe_subscription_id'),
      stripePriceId: text('stripe_price_id'),
      /** `created` of the newest Stripe event applied (Unix seconds): an older event never rolls the row back. */
      lastEventCreated: bigint('last_event_created', { mode: 'number' }),
      /**
       * Set when an admin gave the plan by hand (no Stripe): it is the user's plan until then, Free afterwards
       * (effectivePlanId()). Null for Free and for plans paid through Stripe.
       */
      complimentaryUntil: timestamp('complimentary_until', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => ownRows('subscriptions', ['select', 'insert']),
  )
  .enableRLS();

/** The one Stripe customer of each user, created before their first checkout so every webhook can find them. */
export const billingCustomers = app
  .table(
    'billing_customers',
    {
      userId: uuid('user_id').primaryKey(),
      stripeCustomerId: text('stripe_customer_id').notNull().unique('billing_customers_stripe_customer_id'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => ownRows('billing_customers', ['select']),
  )
  .enableRLS();

/** Stripe event ids already applied: a replayed event changes nothing. No policies: only the owner's connection. */
export const stripeEvents = app
  .table('stripe_events', {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    created: bigint('created', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  })
  .enableRLS();

/** Invoices as the webhook saw them (paid or failed), keyed by Stripe's invoice id; the billing page lists them. */
export const billingInvoices = app
  .table(
    'billing_invoices',
    {
      id: text('id').primaryKey(),
      userId: uuid('user_id').notNull(),
      stripeSubscriptionId: text('stripe_subscription_id'),
      status: text('status').notNull(),
      amountDue: integer('amount_due').notNull(),
      amountPaid: integer('amount_paid').notNull(),
      currency: text('currency').notNull(),
      billingReason: text('billing_reason'),
      hostedInvoiceUrl: text('hosted_invoice_url'),
      periodStart: timestamp('period_start', { withTimezone: true }),
      periodEnd: timestamp('period_end', { withTimezone: true }),
      created: timestamp('created', { withTimezone: true }).notNull(),
    },
    (table) => [index('billing_invoices_user_created').on(table.userId, table.created), ...ownRows('billing_invoices', ['select'])],
  )
  .enableRLS();
