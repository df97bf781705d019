// Sessions: refresh rotation and reuse detection, sign-out scopes, JWT checks, JWKS (docs/protocols/supabase-auth.md
// §6.4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, jwtVerify } from 'jose';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
let email: string;
beforeAll(async () => {
  h = await startAuth({ AUTH_MAILER_AUTOCONFIRM: 'true', AUTH_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: '0' });
  email = uniqueEmail();
  await h.client().auth.signUp({ email, password: STRONG });
});
afterAll(() => h.close());

async function refreshRaw(token: string) {
  const response = await h.fetch(`${AUTH}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: token }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new token in the same session', async () => {
    const supabase = h.client();
    const { data } = await supabase.auth.signInWithPassword({ email, password: STRONG });
    const first = data.session!;
    const { data: refreshed, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session!.refresh_token).not.toBe(first.refresh_token);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims(refreshed.session!.access_token).session_id).toBe(claims(first.access_token).session_id);
    // The refreshed token carries the sign-in's amr (method and time) and the same user.
    expect(claims(refreshed.session!.access_token).amr).toEqual(claims(first.access_token).amr);
    expect(claims(first.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(refreshed.session!.user).toEqual(first.user);
    expect(first.user.last_sign_in_at).toBeTruthy();
    expect(first.user.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect(first.user.identities?.[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('hands the current token back to a client that lost the last answer', async () => {
    const { data } = await h.client().auth.signInWithPassword({ email, password: STRONG });
    const parent = data.session!.refresh_token;
    const child = await refreshRaw(parent);
    const again = await refreshRaw(parent);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token);
  });

  it('detects reuse of an older token and revokes the whole family', async () => {
    const { data } = await h.client().auth.signInWithPassword({ email, password: STRONG });
    const t0 = data.session!.refresh_token;
    const t1 = (await refreshRaw(t0)).body.refresh_token as string;
    const t2 = (await refreshRaw(t1)).body.refresh_token as string;
    const reuse = await refreshRaw(t0);
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('refresh_token_already_used');
    const current = await refreshRaw(t2);
    expect(current.body.code).toBe('refresh_token_already_used');
  });

  it('serialises concurrent refreshes of one token', async () => {
    const { data } = await h.client().auth.signInWithPassword({ email, password: STRONG });
    const results = await Promise.all([1, 2, 3].map(() => refreshRaw(data.session!.refresh_token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
  });

  it('refuses malformed and unknown tokens with their codes', async () => {
    expect((await refreshRaw('short')).body.code).toBe('validation_failed');
    expect((await refreshRaw('abcdefghijkl')).body.code).toBe('refresh_token_not_found');
    const missing = await h.fetch(`${AUTH}/token?grant_type=refresh_token`, { method: 'POST', body: '{}' });
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('sign-out scopes', () => {
  async function signedIn() {
    const client = h.client();
    await client.auth.signInWithPassword({ email, password: STRONG });
    return client;
  }

  it('local ends only this session; others ends the rest; global ends all', async () => {
    const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()];
    await a.auth.signOut({ scope: 'local' });
    expect((await b.auth.getUser()).error).toBeNull();
    const bToken = (await b.auth.getSession()).data.session!.access_token;

    await b.auth.signOut({ scope: 'others' });
    expect((await b.auth.getUser()).error).toBeNull();
    expect((await c.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    const d = await signedIn();
    await d.auth.signOut();
    const dead = await h.fetch(`${AUTH}/user`, { headers: { authorization: `Bearer ${bToken}`, 'x-supabase-api-version': '2024-01-01' } });
    expect(dead.status).toBe(403);
    expect((await dead.json()).code).toBe('session_not_found');
  });
});

describe('access tokens', () => {
  it('are ES256 JWTs verifiable with the published JWKS', async () => {
    const { data } = await h.client().auth.signInWithPassword({ email, password: STRONG });
    const jwks = await h.fetch(`${AUTH}/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toContain('max-age=600');
    const keys = (await jwks.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys.keys[0]).not.toHaveProperty('d');
    const key = await importJWK(keys.keys[0] as never, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(data.session!.access_token, key, { audience: 'authenticated' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ email, role: 'authenticated', aal: 'aal1', is_anonymous: false, phone: '' });
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses forged, expired-looking and project-key tokens on user endpoints', async () => {
    const { data } = await h.client().auth.signInWithPassword({ email, password: STRONG });
    const [header, payload] = data.session!.access_token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'service_role' })).toString(
      'base64url',
    );
    const forged = `${header}.${forgedPayload}.${data.session!.access_token.split('.')[2]}`;
    for (const token of [forged, 'not.a.jwt', h.anonKey]) {
      const response = await h.fetch(`${AUTH}/user`, { headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' } });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('bad_jwt');
    }
    const none = await h.fetch(`${AUTH}/user`);
    expect(none.status).toBe(401);
    expect(none.headers.get('x-sb-error-code')).toBe('no_authorization');
  });
});
