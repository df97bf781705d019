// The session check behind currentUser(), the AI proxy and the storage service: its answers against the real auth
// service (in this process, and as a hosted one over HTTP), and its cache (in this process, and in Redis).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testRedis } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { createAuthService, loadAuthConfig, migrations, type AuthService } from '@citewise/platform-auth';
import { NoRealtime } from '@/lib/supabase/no-realtime';
import { memorySessionCache, redisSessionCache } from './session-cache';

const TTL = 300;
let handle: DatabaseHandle;
let auth: AuthService;
vi.mock('@/lib/platform/services', () => ({ platform: async () => ({ auth }) }));

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  auth = await createAuthService({
    db: handle.db,
    config: loadAuthConfig({ SITE_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_DISABLED: 'true', AUTH_MAILER_AUTOCONFIRM: 'true' }),
    basePath: '/platform',
  });
}, 60_000);
afterAll(async () => {
  await auth?.close();
  await handle?.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; session_id: string };

/** A new user signed in on two devices, straight at the auth service. */
async function twoDevices() {
  const client = () =>
    createClient('http://localhost:3000/platform', auth.keys.anonKey, {
      auth: { persistSession: false },
      global: { fetch: (input, init) => auth.fetch(new Request(input, init)) },
      realtime: { transport: NoRealtime as never },
    });
  const email = `reader.${crypto.randomUUID()}@example.com`;
  await client().auth.signUp({ email, password: 'correct-Horse-7-battery' });
  const here = client();
  const there = client();
  const token = (await here.auth.signInWithPassword({ email, password: 'correct-Horse-7-battery' })).data.session!.access_token;
  await there.auth.signInWithPassword({ email, password: 'correct-Horse-7-battery' });
  return { token, claims: claimsOf(token), signOutEverywhere: () => there.auth.signOut({ scope: 'global' }) };
}

/** The module as a server with these variables loads it (env.ts reads them once). */
async function loadChecker(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  delete (globalThis as { __citewiseSessionCache?: unknown }).__citewiseSessionCache;
  delete (globalThis as { __citewiseHostedAuth?: unknown }).__citewiseHostedAuth;
  return import('./session-state');
}

describe('with the embedded auth service', () => {
  it('asks once per interval, and sees a sign-out everywhere, a ban and a deletion once its answer expires', async () => {
    const { checkSession } = await loadChecker({ SUPABASE_URL: '', REDIS_URL: '', SESSION_CHECK_TTL_MS: String(TTL) });
    const asked = vi.spyOn(auth, 'sessionState');
    const user = await twoDevices();
    // A burst of requests of one session: one question to the auth service.
    expect(await Promise.all([1, 2, 3].map(() => checkSession(user.claims)))).toEqual(['active', 'active', 'active']);
    expect(asked).toHaveBeenCalledTimes(1);

    await user.signOutEverywhere();
    // No wait beyond the interval: then the auth service is asked again.
    await new Promise((resolve) => setTimeout(resolve, TTL + 20));
    expect(await checkSession(user.claims)).toBe('ended');
    expect(asked).toHaveBeenCalledTimes(2);

    const banned = await twoDevices();
    expect(await checkSession(banned.claims)).toBe('active');
    await auth.fetch(
      new Request(`http://localhost:3000/platform/auth/v1/admin/users/${banned.claims.sub}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${auth.keys.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ban_duration: '1h' }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, TTL + 20));
    expect(await checkSession(banned.claims)).toBe('suspended');

    const deleted = await twoDevices();
    expect(await checkSession(deleted.claims)).toBe('active');
    await auth.fetch(
      new Request(`http://localhost:3000/platform/auth/v1/admin/users/${deleted.claims.sub}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${auth.keys.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ should_soft_delete: true }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, TTL + 20));
    expect(await checkSession(deleted.claims)).toBe('deleted');
    asked.mockRestore();
  });

  it('refuses at once every session of a user the product marked, and lets them in once the mark is lifted', async () => {
    const { checkSession, markUserSessions, unmarkUserSessions, markSessionEnded } = await loadChecker({
      SUPABASE_URL: '',
      REDIS_URL: '',
      SESSION_CHECK_TTL_MS: '5000',
    });
    const user = await twoDevices();
    expect(await checkSession(user.claims)).toBe('active');
    await markUserSessions(user.claims.sub, 'deleted');
    expect(await checkSession(user.claims)).toBe('deleted');
    expect(await checkSession({ sub: user.claims.sub, session_id: crypto.randomUUID() })).toBe('deleted');
    await unmarkUserSessions(user.claims.sub);
    expect(await checkSession(user.claims)).toBe('active');
    await markSessionEnded(user.claims.sub, user.claims.session_id);
    expect(await checkSession(user.claims)).toBe('ended');
  });
});

describe('with a hosted auth service (SUPABASE_URL)', () => {
  let server: ReturnType<typeof createServer>;
  let url = '';
  beforeAll(async () => {
    // The auth service over HTTP, as a Supabase project's would be.
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const answer = await auth.fetch(
        new Request(`http://localhost:3000${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }),
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/platform`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks GET /user with the token and reads its answer', async () => {
    const { checkSession } = await loadChecker({ SUPABASE_URL: url, SUPABASE_ANON_KEY: auth.keys.anonKey, REDIS_URL: '', SESSION_CHECK_TTL_MS: '0' });
    const asked = vi.spyOn(auth, 'sessionState');
    const user = await twoDevices();
    const token = async () => user.token;
    expect(await checkSession(user.claims, token)).toBe('active');
    await user.signOutEverywhere();
    expect(await checkSession(user.claims, token)).toBe('ended');
    // Never the embedded path: the hosted service's tables are not this product's to read.
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });

  it('answers auth_unavailable rather than a verdict when the service does not answer', async () => {
    // A port nothing listens on any more.
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { checkSession } = await loadChecker({
      SUPABASE_URL: `http://127.0.0.1:${port}/platform`,
      SUPABASE_ANON_KEY: auth.keys.anonKey,
      REDIS_URL: '',
      SESSION_CHECK_TTL_MS: '0',
    });
    const user = await twoDevices();
    await expect(checkSession(user.claims, async () => user.token)).rejects.toMatchObject({ code: 'auth_unavailable' });
  });
});

describe('the cache', () => {
  it('keeps answers in this process for their time, marks over answers', async () => {
    const cache = memorySessionCache();
    await cache.set('u', 's', 'active', 50);
    expect(await cache.get('u', 's')).toBe('active');
    await cache.markUser('u', 'suspended', 1000);
    expect(await cache.get('u', 's')).toBe('suspended');
    await cache.unmarkUser('u');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('u', 's')).toBeUndefined();
    await cache.set('u', 's', 'active', 0);
    expect(await cache.get('u', 's')).toBeUndefined();
  });

  it('shares answers and marks between instances through Redis', async (context) => {
    const redis = await testRedis('the session cache');
    if (!redis.up) return context.skip();
    const prefix = `citewise-test:session:${crypto.randomUUID()}`;
    const one = redisSessionCache(redis.url, prefix);
    const two = redisSessionCache(redis.url, prefix);
    try {
      await vi.waitFor(async () => {
        await one.set('u', 's', 'active', 200);
        expect(await two.get('u', 's')).toBe('active');
      });
      await one.markUser('u', 'deleted', 5000);
      expect(await two.get('u', 'other')).toBe('deleted');
      await two.unmarkUser('u');
      expect(await one.get('u', 'other')).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 220));
      expect(await two.get('u', 's')).toBeUndefined();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
