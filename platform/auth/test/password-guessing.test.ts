// Password guessing per account: failed password checks counted per account and address and per account,
// answered with GoTrue's 429 over_request_rate_limit and a Retry-After; shared through Redis when configured.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';
import { testRedis } from '@citewise/db/testing';

const { url: redisUrl, up: redisUp } = await testRedis('the rate limit tests');

const WRONG = 'not-the-Password-1';
const limitsOn = { AUTH_RATE_LIMIT_DISABLED: 'false', AUTH_MAILER_AUTOCONFIRM: 'true' };

/** A raw password grant, to see the status, headers and body supabase-js does not show. */
async function passwordGrant(h: Harness, email: string, password: string, address: string) {
  const response = await h.fetch(`${AUTH}/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: h.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
}

async function createUser(h: Harness, email: string) {
  const { error } = await h.admin().auth.admin.createUser({ email, password: STRONG, email_confirm: true });
  expect(error).toBeNull();
}

describe('failed password checks per account and address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth(limitsOn);
  });
  afterAll(() => h.close());

  it('refuses the 11th wrong password for one account from one address, with Retry-After', async () => {
    const email = uniqueEmail('guessed');
    await createUser(h, email);
    const attacker = h.client({ address: '198.51.100.1' });
    for (let i = 0; i < 10; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email, password: WRONG });
      expect(error?.code).toBe('invalid_credentials');
    }
    const refused = await passwordGrant(h, email, WRONG, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60);
    // supabase-js sees GoTrue's code.
    const { error } = await attacker.auth.signInWithPassword({ email, password: WRONG });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    // The locked address is refused even the right password: otherwise the answer would reveal it.
    expect((await passwordGrant(h, email, STRONG, '198.51.100.1')).status).toBe(429);

    // The owner, from another address, signs in as usual.
    const owner = h.client({ address: '203.0.113.9' });
    const { data, error: ownerError } = await owner.auth.signInWithPassword({ email, password: STRONG });
    expect(ownerError).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('counts only failures: right passwords never add up', async () => {
    const email = uniqueEmail('busy');
    await createUser(h, email);
    const client = h.client({ address: '198.51.100.2' });
    for (let i = 0; i < 12; i++) {
      const { error } = await client.auth.signInWithPassword({ email, password: STRONG });
      expect(error).toBeNull();
    }
    // A right password clears that address's failures: nine mistakes, a success, ten more mistakes are all answered.
    for (let i = 0; i < 9; i++) expect((await passwordGrant(h, email, WRONG, '198.51.100.2')).status).toBe(400);
    expect((await passwordGrant(h, email, STRONG, '198.51.100.2')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await passwordGrant(h, email, WRONG, '198.51.100.2')).status).toBe(400);
    expect((await passwordGrant(h, email, WRONG, '198.51.100.2')).status).toBe(429);
  });

  it('counts an unknown account exactly like a known one, and by its normalised address', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) {
      // Case and surrounding spaces do not make a new account to guess against.
      const typed = i % 2 ? email.toUpperCase() : ` ${email} `;
      const answer = await passwordGrant(h, typed, WRONG, '198.51.100.3');
      expect(answer.body.error_code).toBe('invalid_credentials');
    }
    const refused = await passwordGrant(h, email, WRONG, '198.51.100.3');
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('over_request_rate_limit');
  });
});

describe('failed password checks per account from all addresses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth({ ...limitsOn, AUTH_RATE_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT: '5/1h' });
  });
  afterAll(() => h.close());

  it('refuses the account from every address once the account-wide limit is reached, for at most its window', async () => {
    const email = uniqueEmail('sprayed');
    const other = uniqueEmail('bystander');
    await createUser(h, email);
    await createUser(h, other);
    for (let i = 0; i < 5; i++) expect((await passwordGrant(h, email, WRONG, `192.0.2.${i + 1}`)).status).toBe(400);
    const refused = await passwordGrant(h, email, WRONG, '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('over_request_rate_limit');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    // The documented trade-off: the right password waits too (until the window ends), from any address.
    const owner = await passwordGrant(h, email, STRONG, '203.0.113.50');
    expect(owner.status).toBe(429);
    expect(Number(owner.retryAfter)).toBeLessThanOrEqual(3600);
    // Other accounts, from the same addresses, are untouched.
    expect((await passwordGrant(h, other, STRONG, '192.0.2.1')).status).toBe(200);
  });
});

describe('switched off', () => {
  it('counts nothing with AUTH_RATE_LIMIT_DISABLED', async () => {
    const h = await startAuth({ AUTH_MAILER_AUTOCONFIRM: 'true' });
    try {
      const email = uniqueEmail('unlimited');
      for (let i = 0; i < 12; i++) expect((await passwordGrant(h, email, WRONG, '198.51.100.9')).status).toBe(400);
    } finally {
      await h.close();
    }
  });
});

describe.runIf(redisUp)('with Redis', () => {
  const keyPrefix = `citewise-test:${randomUUID()}`;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  let first: Harness;
  let second: Harness;
  beforeAll(async () => {
    // Two instances with their own memory (and databases), sharing only Redis.
    const env = { ...limitsOn, REDIS_URL: redisUrl };
    [first, second] = await Promise.all([startAuth(env, { rateLimitKeyPrefix: keyPrefix }), startAuth(env, { rateLimitKeyPrefix: keyPrefix })]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await redis.connect();
    const keys = await redis.keys(`${keyPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('shares the failure counts between instances', async () => {
    const email = uniqueEmail('shared');
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 ? first : second;
      expect((await passwordGrant(instance, email, WRONG, '198.51.100.20')).status).toBe(400);
    }
    const fromFirst = await passwordGrant(first, email, WRONG, '198.51.100.20');
    const fromSecond = await passwordGrant(second, email, WRONG, '198.51.100.20');
    expect([fromFirst.status, fromSecond.status]).toEqual([429, 429]);
    expect(fromSecond.body.error_code).toBe('over_request_rate_limit');
    // Another address is still answered by both.
    expect((await passwordGrant(second, email, WRONG, '198.51.100.21')).status).toBe(400);
  });
});
