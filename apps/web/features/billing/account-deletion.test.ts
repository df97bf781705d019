import { NextRequest } from 'next/server';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from '@citewise/db/orm';
import { createAiService, loadAiConfig } from '@citewise/platform-ai';
import { setUpWebApi } from '@/test/web-api';
import type { SessionUser } from '@/lib/auth/session';
import { billingCustomers, stripeEvents, subscriptions } from '@/lib/db/schema';
import { FakeStripe } from './testing/fake-stripe';

// Deleting an account that pays ends its subscription: at Stripe (the official SDK against the fake Stripe API),
// or in test mode through the same signed webhook events. A real database and the real auth service in-process.
const WEBHOOK_SECRET = 'whsec_test_deletion';
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));
const api = setUpWebApi({
  auth: {},
  storage: {},
  // The embedded AI runtime: deletion and the export reach what it keeps for the user.
  ai: (handle) => createAiService({ db: handle.db, basePath: '/platform', config: loadAiConfig({}) }),
  setup: async () => {
    const url = await fake.start();
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = url;
    await syncCatalog(
      new Stripe('sk_test_fake', {
        apiVersion: '2026-10-28.endive',
        host: '127.0.0.1',
        port: Number(new URL(url).port),
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
    );
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
const testCheckoutRoute = await import('@/app/api/billing/test-checkout/route');
const deleteRoute = await import('@/app/api/user/delete-account/route');
const { syncCatalog } = await import('./sync-catalog');

async function deliver(body: string, signature: string): Promise<number> {
  const response = await webhook.POST(
    new NextRequest('http://localhost/api/webhooks/stripe', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    }),
  );
  return response.status;
}

const fake = new FakeStripe({ webhookSecret: WEBHOOK_SECRET, deliver });

const post = (path: string, body: unknown) =>
  new NextRequest(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** A new account, signed in. */
async function newUser(label: string): Promise<SessionUser & { email: string }> {
  const { user, email } = await api.signUp(label);
  return { ...user, email };
}

async function rowOf(userId: string) {
  const [row] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

async function linkOf(userId: string) {
  const [row] = await api.handle.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row;
}

describe('with Stripe', () => {
  beforeEach(() => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
  });

  it('cancels the subscription at Stripe, and the late event about it brings nothing back', async () => {
    const user = await newUser('payer');
    const checkout = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }));
    expect(checkout.status).toBe(200);
    const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
    const subscription = await fake.completeCheckout(sessionId);
    expect(await rowOf(user.id)).toMatchObject({ planId: 'pro', status: 'active' });

    const response = await deleteRoute.POST(post('/api/user/delete-account', { confirmation: user.email }));
    expect(response.status).toBe(200);
    expect(fake.requests).toContain(`DELETE /v1/subscriptions/${subscription.id}`);
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'canceled' });
    const ended = fake.events.filter((event) => event.type === 'customer.subscription.deleted' && event.body.includes(subscription.id));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.status).toBe(200);
    expect(await rowOf(user.id)).toBeUndefined();

    // Stripe delivers the event again after the account's rows are gone: acknowledged, nothing re-created.
    expect(await fake.redeliver(ended[0]!.id)).toBe(200);
    const late = await fake.emit('customer.subscription.deleted', fake.subscriptions.get(subscription.id)!);
    expect(late.status).toBe(200);
    expect(await rowOf(user.id)).toBeUndefined();
    expect(await linkOf(user.id)).toBeUndefined();
  });

  it('stops the deletion when Stripe cannot cancel, keeping the account and its subscription', async () => {
    const user = await newUser('unreachable');
    const checkout = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }));
    const subscription = await fake.completeCheckout(((await checkout.json()) as { url: string }).url.split('/').pop()!);
    const url = process.env.STRIPE_API_URL;
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake_unreachable';
    try {
      const response = await deleteRoute.POST(post('/api/user/delete-account', { confirmation: user.email }));
      expect(response.status).toBe(500);
    } finally {
      process.env.STRIPE_API_URL = url;
      process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
    }
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'active' });
    expect(await rowOf(user.id)).toMatchObject({ planId: 'pro', status: 'active' });
    const { data } = await (await import('@/lib/supabase/admin-client')).createSupabaseAdminClient().then((admin) => admin.auth.admin.getUserById(user.id));
    expect(data.user?.deleted_at ?? null).toBeNull();
  });

  it('deletes a Free account without asking Stripe anything', async () => {
    const user = await newUser('free');
    const before = fake.requests.length;
    expect((await deleteRoute.POST(post('/api/user/delete-account', { confirmation: user.email }))).status).toBe(200);
    expect(fake.requests.slice(before).filter((request) => request.startsWith('DELETE'))).toEqual([]);
  });
});

describe('in test mode (no Stripe key)', () => {
  beforeEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
  });

  it('ends the local subscription through a signed customer.subscription.deleted event to the webhook', async () => {
    const user = await newUser('local');
    const paid = await testCheckoutRoute.POST(
      post('/api/billing/test-checkout', { plan: 'pro', interval: 'monthly', currency: 'usd', card: '4242 4242 4242 4242' }),
    );
    expect(paid.status).toBe(200);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ planId: 'pro', status: 'active' });
    const before = (await api.handle.db.select().from(stripeEvents).where(eq(stripeEvents.type, 'customer.subscription.deleted'))).length;

    expect((await deleteRoute.POST(post('/api/user/delete-account', { confirmation: user.email }))).status).toBe(200);
    const after = await api.handle.db.select().from(stripeEvents).where(eq(stripeEvents.type, 'customer.subscription.deleted'));
    expect(after.length).toBe(before + 1);
    expect(await rowOf(user.id)).toBeUndefined();
  });
});
