import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { eq } from '@citewise/db/orm';
import { localUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';
import { migrations } from '@/lib/db/migrations';
import { billingCustomers, billingInvoices, stripeEvents, subscriptions } from '@/lib/db/schema';
import { FakeStripe } from './testing/fake-stripe';

// The billing code with the official Stripe SDK against a fake Stripe API (testing/fake-stripe.ts) and a real
// database (PGlite, or TEST_DATABASE_URL): checkout, signed events, replays, order, bad signatures, past_due.
const WEBHOOK_SECRET = 'whsec_test_billing';
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const api = setUpWebApi({
  migrations: [migrations],
  setup: async () => {
    const url = await fake.start();
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = url;
    stripe = new Stripe('sk_test_fake', {
      apiVersion: '2026-10-28.endive',
      host: '127.0.0.1',
      port: Number(new URL(url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await syncCatalog(stripe);
  },
  teardown: async () => {
    await fake.stop();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
  },
});

const webhook = await import('@/app/api/webhooks/stripe/route');
const checkoutRoute = await import('@/app/api/checkout/route');
const subscriptionRoute = await import('@/app/api/user/subscription/route');
const changeRoute = await import('@/app/api/billing/subscription/route');
const portalRoute = await import('@/app/api/billing/portal/route');
const { syncCatalog } = await import('./sync-catalog');

async function deliver(body: string, signature: string | null): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await webhook.POST(new NextRequest('http://localhost/api/webhooks/stripe', { method: 'POST', body, headers }));
  return response.status;
}

const fake = new FakeStripe({ webhookSecret: WEBHOOK_SECRET, deliver: (body, signature) => deliver(body, signature) });
let stripe: Stripe;

const newUser = () => localUser({ withEmail: true });

function post(path: string, body: unknown) {
  return new NextRequest(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

async function row(userId: string) {
  const [own] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return own;
}

/** Signs up a user, runs POST /api/checkout, and pays the session at the fake in the order given. */
async function subscribe(order?: string[], decline = false) {
  const user = newUser();
  api.signIn(user);
  const response = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }));
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = url.split('/').pop()!;
  const subscription = await fake.completeCheckout(sessionId, { order, decline });
  return { user, subscription, sessionId };
}

describe('the Stripe catalog sync', () => {
  it('creates every plan price once, then finds nothing to change', async () => {
    const prices = await stripe.prices.list({ lookup_keys: ['pro_monthly_usd', 'team_yearly_cny'], active: true });
    expect(prices.data.map((price) => [price.lookup_key, price.unit_amount]).sort()).toEqual([
      ['pro_monthly_usd', 1200],
      ['team_yearly_cny', 118000],
    ]);
    expect(await syncCatalog(stripe)).toEqual([]);
  });

  it('replaces a price that drifted and archives the old one', async () => {
    const [old] = (await stripe.prices.list({ lookup_keys: ['pro_yearly_usd'], active: true })).data;
    await stripe.prices.create({
      product: 'prod_citewise_pro',
      currency: 'usd',
      unit_amount: 1,
      recurring: { interval: 'year' },
      lookup_key: 'pro_yearly_usd',
      transfer_lookup_key: true,
    });
    const changes = await syncCatalog(stripe);
    expect(changes.some((change) => change.startsWith('replaced price pro_yearly_usd'))).toBe(true);
    const [current] = (await stripe.prices.list({ lookup_keys: ['pro_yearly_usd'], active: true })).data;
    expect(current?.unit_amount).toBe(12000);
    expect(old && fake.prices.get(old.id)?.lookup_key).toBeNull();
    expect(await syncCatalog(stripe)).toEqual([]);
  });
});

describe('checkout and the webhook', () => {
  it('refuses a signed-out checkout, and the free plan', async () => {
    api.signIn(null);
    expect((await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }))).status).toBe(401);
    api.signIn(newUser());
    const response = await checkoutRoute.POST(post('/api/checkout', { plan: 'free', interval: 'monthly', currency: 'usd' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('validation_failed');
  });

  it('creates a Checkout Session for the user’s one customer, with the configured price', async () => {
    const user = newUser();
    api.signIn(user);
    const first = await (await checkoutRoute.POST(post('/api/checkout', { plan: 'team', interval: 'yearly', currency: 'cny', seats: 3 }))).json();
    const second = await (await checkoutRoute.POST(post('/api/checkout', { plan: 'team', interval: 'yearly', currency: 'cny', seats: 3 }))).json();
    const session = fake.sessions.get(first.url.split('/').pop())!;
    expect(session.client_reference_id).toBe(user.id);
    const price = fake.prices.get(String((session.line_items_params as Array<{ price: string }>)[0]!.price))!;
    expect([price.lookup_key, price.unit_amount, (session.line_items_params as Array<{ quantity: string }>)[0]!.quantity]).toEqual([
      'team_yearly_cny',
      118000,
      '3',
    ]);
    // Per-seat: the seat count can still be changed on Stripe's page.
    expect((session.line_items_params as Array<{ adjustable_quantity?: Record<string, string> }>)[0]!.adjustable_quantity).toEqual({
      enabled: 'true',
      minimum: '1',
      maximum: '500',
    });
    expect(String(session.success_url)).toMatch(/\/dashboard\/settings\/billing\?checkout=success$/);
    expect(fake.sessions.get(second.url.split('/').pop())!.customer).toBe(session.customer);
    const customers = await api.handle.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    expect(customers.map((customer) => customer.stripeCustomerId)).toEqual([session.customer]);
  });

  it('grants the plan from the events of a paid checkout, and answers the subscription in the documented shape', async () => {
    const { user, subscription } = await subscribe();
    expect(fake.events.map((event) => event.status)).not.toContain(500);
    const response = await subscriptionRoute.GET(new NextRequest('http://localhost/api/user/subscription'));
    const body = await response.json();
    expect(body).toMatchObject({ plan: { id: 'pro' }, status: 'active', interval: 'monthly', currency: 'usd', seats: 1, cancel_at_period_end: false });
    const item = (subscription.items as { data: Array<{ current_period_end: number }> }).data[0]!;
    expect(body.current_period_end).toBe(new Date(item.current_period_end * 1000).toISOString());
    const invoices = await api.handle.db.select().from(billingInvoices).where(eq(billingInvoices.userId, user.id));
    expect(invoices.map((invoice) => [invoice.status, invoice.amountPaid])).toEqual([['paid', 1200]]);
  });

  it('sends someone who already pays to a plan change instead of a second subscription', async () => {
    await subscribe();
    const { url } = await (await checkoutRoute.POST(post('/api/checkout', { plan: 'team', interval: 'monthly', currency: 'usd' }))).json();
    expect(url).toBe('/dashboard/settings/billing?change=team&interval=monthly');
  });

  it('applies each event id once: a replay changes nothing', async () => {
    const { user, subscription } = await subscribe();
    const before = (await api.handle.db.select().from(stripeEvents)).length;
    const updated = fake.events.find((event) => event.type === 'customer.subscription.updated' && event.body.includes(subscription.id))!;
    expect(await fake.redeliver(updated.id)).toBe(200);
    expect((await api.handle.db.select().from(stripeEvents)).length).toBe(before);
    expect((await row(user.id))?.status).toBe('active');
  });

  it('ends up right whatever order the events arrive in', async () => {
    const { user } = await subscribe(['checkout.session.completed', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.created']);
    expect(await row(user.id)).toMatchObject({ planId: 'pro', status: 'active' });
  });

  it('never rolls back to an older state, even from an event signed and delivered late (test mode, event snapshots)', async () => {
    const { user, subscription } = await subscribe();
    const created = fake.events.find((event) => event.type === 'customer.subscription.created' && event.body.includes(subscription.id))!;
    // The same snapshot as a new, never-seen event: without Stripe to read back from, only the ordering rules protect the row.
    const key = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    try {
      const stale = JSON.parse(created.body);
      stale.id = `evt_stale_${randomUUID()}`;
      stale.created = created.created - 60;
      const body = JSON.stringify(stale);
      expect(await deliver(body, fake.sign(body))).toBe(200);
    } finally {
      process.env.STRIPE_SECRET_KEY = key;
    }
    expect(await row(user.id)).toMatchObject({ planId: 'pro', status: 'active' });
  });

  it('refuses a missing, wrong or stale signature with 400, before anything is stored', async () => {
    const before = (await api.handle.db.select().from(stripeEvents)).length;
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: fake.now(),
      data: { object: {} },
    });
    expect(await deliver(body, null)).toBe(400);
    expect(await deliver(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_wrong' }))).toBe(400);
    expect(await deliver(body, fake.sign(body, Math.floor(Date.now() / 1000) - 600))).toBe(400);
    expect(await deliver(`${body} `, fake.sign(body))).toBe(400);
    const response = await webhook.POST(
      new NextRequest('http://localhost/api/webhooks/stripe', { method: 'POST', body, headers: { 'stripe-signature': 't=1,v1=00' } }),
    );
    expect((await response.json()).error.code).toBe('bad_request');
    expect((await api.handle.db.select().from(stripeEvents)).length).toBe(before);
  });

  it('acknowledges event types it does not handle', async () => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      created: fake.now(),
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    const response = await webhook.POST(
      new NextRequest('http://localhost/api/webhooks/stripe', {
        method: 'POST',
        body,
        headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('answers 500 for a customer no user is linked to, so Stripe retries', async () => {
    const subscription = fake.subscriptions.values().next().value!;
    const orphan = { ...structuredClone(subscription), id: 'sub_orphan', customer: 'cus_nobody', metadata: {} };
    fake.subscriptions.set('sub_orphan', orphan);
    const event = await fake.emit('customer.subscription.updated', orphan);
    expect(event.status).toBe(500);
    expect(await api.handle.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it('keeps the plan through a failed renewal (past_due) and its recovery', async () => {
    const { user, subscription } = await subscribe();
    await fake.renew(subscription.id, 'failed');
    expect(await row(user.id)).toMatchObject({ planId: 'pro', status: 'past_due' });
    const invoices = await api.handle.db.select().from(billingInvoices).where(eq(billingInvoices.userId, user.id));
    expect(invoices.map((invoice) => invoice.status).sort()).toEqual(['open', 'paid']);
    await fake.recover(subscription.id);
    expect(await row(user.id)).toMatchObject({ planId: 'pro', status: 'active' });
    await fake.renew(subscription.id, 'paid');
    const item = (fake.subscriptions.get(subscription.id)!.items as { data: Array<{ current_period_end: number }> }).data[0]!;
    expect((await row(user.id))?.currentPeriodEnd?.getTime()).toBe(item.current_period_end * 1000);
  });

  it('leaves a declined first payment incomplete, on Free', async () => {
    const { user } = await subscribe(undefined, true);
    expect(await row(user.id)).toMatchObject({ planId: 'free', status: 'incomplete' });
  });

  it('cancels at period end, resumes, changes plan, and ends on Free; a canceled subscription never comes back', async () => {
    const { user, subscription } = await subscribe();
    const change = (body: unknown) => changeRoute.POST(post('/api/billing/subscription', body));
    expect((await change({ action: 'cancel' })).status).toBe(200);
    expect(await row(user.id)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await change({ action: 'resume' })).status).toBe(200);
    expect((await row(user.id))?.cancelAtPeriodEnd).toBe(false);
    expect((await change({ action: 'change', plan: 'team', interval: 'monthly', seats: 2 })).status).toBe(200);
    expect(await row(user.id)).toMatchObject({ planId: 'team', seats: 2 });
    const portal = await portalRoute.POST(post('/api/billing/portal', {}));
    expect((await portal.json()).url).toMatch(/\/portal\/bps_/);
    await fake.endPeriod(subscription.id);
    expect(await row(user.id)).toMatchObject({ planId: 'free', status: 'canceled' });
    const resurrect = fake.events.find((event) => event.type === 'customer.subscription.updated' && event.body.includes(subscription.id))!;
    expect(await fake.redeliver(resurrect.id)).toBe(200);
    expect(await row(user.id)).toMatchObject({ planId: 'free', status: 'canceled' });
  });
});
