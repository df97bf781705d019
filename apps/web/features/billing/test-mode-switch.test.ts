import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from '@citewise/db/orm';
import { localUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';
import { migrations } from '@/lib/db/migrations';
import { subscriptions } from '@/lib/db/schema';

// The off switch of the local test-mode checkout: never with Stripe keys, and in production only when
// BILLING_TEST_MODE=on. Switched off, nobody gets a plan for a test card: checkout says payments are not set up.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const signedIn = localUser({ withEmail: true });
const { id } = signedIn;
const api = setUpWebApi({
  migrations: [migrations],
  setup: () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_switch';
  },
  teardown: () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
  },
});
api.signIn(signedIn);

const { testModeEnabled } = await import('./server/stripe');
const { testModeWarning } = await import('./server/test-mode-warning');
const checkoutRoute = await import('@/app/api/checkout/route');
const testCheckoutRoute = await import('@/app/api/billing/test-checkout/route');

const post = (path: string, body: unknown, language = 'en') =>
  new NextRequest(`http://localhost${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  });

afterEach(() => {
  vi.unstubAllEnvs();
});

const PUBLIC = 'https://citewise.example';

describe('testModeEnabled', () => {
  it.each([
    { NODE_ENV: 'development', SITE_URL: PUBLIC, BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'test', SITE_URL: PUBLIC, BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'production', SITE_URL: PUBLIC, BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: false },
    // `npm start` tried out on this machine (its default SITE_URL): the checkout can be tried too.
    { NODE_ENV: 'production', SITE_URL: 'http://localhost:3000', BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'production', SITE_URL: 'http://127.0.0.1:8080', BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'production', SITE_URL: 'http://localhost.example.com', BILLING_TEST_MODE: '', STRIPE_SECRET_KEY: '', enabled: false },
    { NODE_ENV: 'production', SITE_URL: 'http://localhost:3000', BILLING_TEST_MODE: 'off', STRIPE_SECRET_KEY: '', enabled: false },
    { NODE_ENV: 'production', SITE_URL: PUBLIC, BILLING_TEST_MODE: 'on', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'production', SITE_URL: PUBLIC, BILLING_TEST_MODE: ' ON ', STRIPE_SECRET_KEY: '', enabled: true },
    { NODE_ENV: 'development', SITE_URL: PUBLIC, BILLING_TEST_MODE: 'off', STRIPE_SECRET_KEY: '', enabled: false },
    { NODE_ENV: 'development', SITE_URL: PUBLIC, BILLING_TEST_MODE: 'on', STRIPE_SECRET_KEY: 'sk_test_x', enabled: false },
    { NODE_ENV: 'production', SITE_URL: PUBLIC, BILLING_TEST_MODE: 'on', STRIPE_SECRET_KEY: 'sk_live_x', enabled: false },
  ])(
    'NODE_ENV=$NODE_ENV SITE_URL=$SITE_URL BILLING_TEST_MODE=$BILLING_TEST_MODE STRIPE_SECRET_KEY=$STRIPE_SECRET_KEY → $enabled',
    ({ enabled, ...variables }) => {
      for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
      expect(testModeEnabled()).toBe(enabled);
    },
  );

  it('refuses a value it does not know, rather than guessing', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('BILLING_TEST_MODE', 'yes');
    expect(() => testModeEnabled()).toThrow(/BILLING_TEST_MODE must be on or off/);
  });
});

describe('switched off in production', () => {
  it('answers checkout with billing_unavailable in the user’s language, and the test checkout grants nothing', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SITE_URL', PUBLIC);
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('BILLING_TEST_MODE', '');
    const english = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }));
    expect(english.status).toBe(503);
    expect((await english.json()).error).toMatchObject({
      code: 'billing_unavailable',
      message: 'Payments are not set up on this site yet. Please try again later.',
    });
    const chinese = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'cny' }, 'zh-CN'));
    expect((await chinese.json()).error).toMatchObject({ code: 'billing_unavailable', message: '本站尚未开通付款，请稍后再试。' });

    const paid = await testCheckoutRoute.POST(
      post('/api/billing/test-checkout', { plan: 'pro', interval: 'monthly', currency: 'usd', card: '4242 4242 4242 4242' }),
    );
    expect(paid.status).toBe(404);
    const rows = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(rows.every((row) => row.planId === 'free')).toBe(true);
  });

  it('runs when the operator opts in with BILLING_TEST_MODE=on', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('BILLING_TEST_MODE', 'on');
    const response = await checkoutRoute.POST(post('/api/checkout', { plan: 'pro', interval: 'monthly', currency: 'usd' }));
    expect(response.status).toBe(200);
    expect((await response.json()).url).toBe('/dashboard/checkout?plan=pro&interval=monthly&currency=usd&seats=1');
    const paid = await testCheckoutRoute.POST(
      post('/api/billing/test-checkout', { plan: 'pro', interval: 'monthly', currency: 'usd', card: '4242 4242 4242 4242' }),
    );
    expect(paid.status).toBe(200);
    const [row] = await api.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(row).toMatchObject({ planId: 'pro', status: 'active' });
  });
});

describe('the start-up warning', () => {
  const lan = {
    eth0: [{ address: '203.0.113.7', netmask: '255.255.255.0', family: 'IPv4' as const, mac: '00:00:00:00:00:00', internal: false, cidr: '203.0.113.7/24' }],
  };
  const loopbackOnly = {
    lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4' as const, mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  };

  it('warns when test-mode billing runs on a server with an interface others can reach', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('BILLING_TEST_MODE', '');
    // SITE_URL unset: npm start defaults it to localhost, which keeps test mode on.
    vi.stubEnv('SITE_URL', 'http://localhost:3000');
    expect(testModeWarning(lan)).toMatch(/local test mode .* listens on every interface \(203\.0\.113\.7\)/);
    expect(testModeWarning(loopbackOnly)).toBeNull();
    vi.stubEnv('BILLING_TEST_MODE', 'on');
    vi.stubEnv('SITE_URL', PUBLIC);
    expect(testModeWarning(lan)).toMatch(/BILLING_TEST_MODE=off/);
  });

  it('is silent when test mode is off or Stripe is configured', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SITE_URL', PUBLIC);
    vi.stubEnv('BILLING_TEST_MODE', '');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    expect(testModeWarning(lan)).toBeNull();
    vi.stubEnv('BILLING_TEST_MODE', 'on');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_x');
    expect(testModeWarning(lan)).toBeNull();
  });
});
