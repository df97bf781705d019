// Bad input never crashes the service: the protocol's error answers in both formats (docs/protocols/supabase-auth.md
// §1.4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startAuth, STRONG, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  h.fetch(`${AUTH}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
const modern = { 'x-supabase-api-version': '2024-01-01' };

describe('error formats', () => {
  it('answers the 2024-01-01 format and echoes the header when asked', async () => {
    const response = await post('/token?grant_type=password', '{"email":"a@b.co"}', modern);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('answers the legacy format otherwise', async () => {
    const response = await post('/token?grant_type=password', '{"email":"a@b.co"}');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('treats malformed JSON, wrong types, unknown grants and huge bodies as the protocol does', async () => {
    expect((await (await post('/signup', '{not json', modern)).json()).code).toBe('bad_json');
    expect((await (await post('/signup', '[1,2]', modern)).json()).code).toBe('bad_json');
    const wrongType = await post('/signup', '{"email": 42, "password": true}', modern);
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).code).toBe('validation_failed');
    expect((await (await post('/token?grant_type=magic', '{}', modern)).json()).code).toBe('invalid_credentials');
    const huge = await post('/signup', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }), modern);
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('request_entity_too_large');
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if ((sent += 1) > 400) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const streamed = await h.fetch(`${AUTH}/signup`, {
      method: 'POST',
      body: chunked,
      headers: { ...modern, 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(100);
    const deep = await post('/signup', `{"email":"a@b.co","data":${'['.repeat(5000)}${']'.repeat(5000)}}`, modern);
    expect(deep.status).toBe(400);
    expect((await deep.json()).code).toBe('bad_json');
    expect((await (await post('/verify', '{"type":"bogus","token":"1"}', modern)).json()).code).toBe('validation_failed');
  });

  it('answers an unknown path, whatever the method, with the JSON 404 in both formats', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const legacy = await h.fetch(`${AUTH}/no/such/path`, { method });
      expect(legacy.status).toBe(404);
      expect(legacy.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await legacy.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Path not found' });
    }
    const current = await h.fetch(`${AUTH}/nope`, { headers: modern });
    expect(current.status).toBe(404);
    expect(await current.json()).toEqual({ code: 'not_found', message: 'Path not found' });
  });

  it('reports settings and health', async () => {
    const settings = await (await h.fetch(`${AUTH}/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, github: false } });
    expect((await (await h.fetch(`${AUTH}/health`)).json()).name).toBe('GoTrue');
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit per client address', async () => {
    const limited = await startAuth({ AUTH_RATE_LIMIT_DISABLED: 'false', AUTH_RATE_LIMIT_VERIFY: '3/5m' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.fetch(`${AUTH}/verify`, { method: 'POST', body: '{"type":"signup","token_hash":"x"}', headers: modern });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
      const other = await limited.fetch(`${AUTH}/verify`, {
        method: 'POST',
        body: '{"type":"signup","token_hash":"x"}',
        headers: { ...modern, 'x-forwarded-for': '10.9.9.9' },
      });
      expect(other.status).toBe(403);
    } finally {
      await limited.close();
    }
  });
});

describe('metadata size', () => {
  const big = (bytes: number) => ({ bio: 'x'.repeat(bytes) });

  it('refuses user metadata over 16 KB as JSON at sign-up, in updates and through the admin API', async () => {
    const from = { ...modern, 'x-forwarded-for': '198.51.100.77' };
    const refused = await post('/signup', JSON.stringify({ email: uniqueEmail('meta'), password: STRONG, data: big(17_000) }), from);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'validation_failed' });
    expect((await post('/otp', JSON.stringify({ email: uniqueEmail('meta'), data: big(17_000) }), from)).status).toBe(400);

    const admin = h.admin().auth.admin;
    const email = uniqueEmail('meta');
    const { data } = await admin.createUser({ email, password: STRONG, email_confirm: true, user_metadata: big(10_000) });
    const client = h.client({ address: '198.51.100.78' });
    expect((await client.auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();
    // Each update is small enough alone; merged into what is there, the second passes the cap.
    expect((await client.auth.updateUser({ data: { notes: 'y'.repeat(5_000) } })).error).toBeNull();
    const merged = await client.auth.updateUser({ data: { more: 'z'.repeat(5_000) } });
    expect(merged.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(merged.error?.message).toMatch(/16 KB/);
    const { data: after } = await client.auth.getUser();
    expect(after.user?.user_metadata.more).toBeUndefined();

    expect((await admin.createUser({ email: uniqueEmail('meta'), user_metadata: big(17_000) })).error).toMatchObject({ status: 400 });
    expect((await admin.updateUserById(data.user!.id, { app_metadata: big(17_000) })).error).toMatchObject({ status: 400 });
  });
});
