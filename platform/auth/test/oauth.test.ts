// OAuth sign-in against a local OIDC provider (oauth2-mock-server) and a local server speaking GitHub's
// OAuth and REST endpoints; the id_token grant; manual identity linking (docs/protocols/supabase-auth.md §3.4, §3.12,
// §3.13).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let oidc: OAuth2Server;
let github: http.Server;
let githubUrl: string;
let githubCodeError = false;
let h: Harness;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  github = http.createServer((req, res) => {
    const url = new URL(req.url!, githubUrl);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'gh-code');
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token') {
      // GitHub answers a bad code with 200 and an error field.
      return json(
        200,
        githubCodeError
          ? { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' }
          : { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' },
      );
    }
    if (req.headers.authorization !== 'Bearer gho_token') return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user')
      return json(200, { id: 4242, login: 'octo', name: 'Octo Cat', email: null, avatar_url: 'https://avatars.example/octo.png' });
    if (url.pathname === '/api/v3/user/emails') return json(200, [{ email: 'Octo@Example.org', primary: true, verified: true }]);
    return json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
  githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  h = await startAuth({
    AUTH_MAILER_AUTOCONFIRM: 'true',
    AUTH_SECURITY_MANUAL_LINKING_ENABLED: 'true',
    AUTH_EXTERNAL_OIDC_ENABLED: 'true',
    AUTH_EXTERNAL_OIDC_ISSUER: oidc.issuer.url!,
    AUTH_EXTERNAL_OIDC_CLIENT_ID: 'citewise',
    AUTH_EXTERNAL_OIDC_SECRET: 'oidc-secret',
    AUTH_EXTERNAL_GITHUB_ENABLED: 'true',
    AUTH_EXTERNAL_GITHUB_CLIENT_ID: 'gh-client',
    AUTH_EXTERNAL_GITHUB_SECRET: 'gh-secret',
    AUTH_EXTERNAL_GITHUB_URL: githubUrl,
  });
});
afterAll(async () => {
  await h.close();
  await oidc.stop();
  await new Promise((resolve) => github.close(resolve));
});

/** Follows the redirects a browser would: our /authorize → the provider → our /callback → the app. */
async function browse(start: string) {
  let url = start;
  for (let hop = 0; hop < 5; hop++) {
    const ours = url.startsWith(SITE);
    const response = ours ? await h.fetch(url, { redirect: 'manual' }) : await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location || ![301, 302, 303, 307].includes(response.status)) throw new Error(`stopped at ${url} with ${response.status}`);
    if (location.startsWith(`${SITE}/auth/`) || location.startsWith(`${SITE}/#`) || location.startsWith(`${SITE}/?`)) return new URL(location);
    url = location;
  }
  throw new Error('too many redirects');
}

function nextUserinfo(claims: Record<string, unknown>) {
  oidc.service.once('beforeUserinfo', (response) => {
    response.body = claims;
    response.statusCode = 200;
  });
}

describe('OIDC provider', () => {
  it('signs in through the implicit flow with the provider profile', async () => {
    nextUserinfo({ sub: 'oidc-alice', email: 'alice@uni.example', email_verified: true, name: 'Alice Researcher' });
    const { data } = await h
      .client()
      .auth.signInWithOAuth({ provider: 'oidc' as never, options: { skipBrowserRedirect: true, redirectTo: `${SITE}/auth/callback` } });
    const landed = await browse(data.url!);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('provider_token')).toBeTruthy();
    const client = h.client();
    const { data: session, error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(session.user?.email).toBe('alice@uni.example');
    expect(session.user?.app_metadata.provider).toBe('oidc');
    expect(session.user?.user_metadata.full_name).toBe('Alice Researcher');
    expect(session.user?.identities?.[0]).toMatchObject({ provider: 'oidc', id: 'oidc-alice' });
  });

  it('signs in through PKCE and hands over the provider tokens', async () => {
    nextUserinfo({ sub: 'oidc-bob', email: 'bob@uni.example', email_verified: true });
    const storage = new Map<string, string>();
    const client = h.client({ flowType: 'pkce', storage });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'oidc' as never,
      options: { skipBrowserRedirect: true, redirectTo: `${SITE}/auth/callback` },
    });
    expect(data.url).toContain('code_challenge=');
    const landed = await browse(data.url!);
    const code = landed.searchParams.get('code')!;
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(exchanged.session?.provider_token).toBeTruthy();
    expect(exchanged.user?.email).toBe('bob@uni.example');
  });

  it('accepts ID tokens from the provider with the right audience and nonce', async () => {
    const token = await oidc.issuer.buildToken({
      scopesOrTransform: (_header, payload) =>
        Object.assign(payload, { sub: 'oidc-carol', aud: 'citewise', email: 'carol@uni.example', email_verified: true, nonce: 'n-123' }),
    });
    const client = h.client();
    const ok = await client.auth.signInWithIdToken({ provider: 'oidc' as never, token, nonce: 'n-123' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe('carol@uni.example');
    expect((await client.auth.signInWithIdToken({ provider: 'oidc' as never, token, nonce: 'other' })).error?.message).toBe('Bad ID token');
    const foreign = await oidc.issuer.buildToken({ scopesOrTransform: (_header, payload) => Object.assign(payload, { sub: 'x', aud: 'someone-else' }) });
    expect((await client.auth.signInWithIdToken({ provider: 'oidc' as never, token: foreign })).error?.message).toBe('Bad ID token');
    expect((await client.auth.signInWithIdToken({ provider: 'google', token })).error?.code).toBe('provider_disabled');
  });
});

describe('GitHub', () => {
  it('signs in with the primary verified email and the GitHub profile', async () => {
    const { data } = await h.client().auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true, redirectTo: `${SITE}/auth/callback` } });
    const landed = await browse(data.url!);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    const client = h.client();
    const { data: session } = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(session.user?.email).toBe('octo@example.org');
    expect(session.user?.user_metadata).toMatchObject({ preferred_username: 'octo', avatar_url: 'https://avatars.example/octo.png' });
  });

  it('sends a refused code back to the app as an error', async () => {
    githubCodeError = true;
    try {
      const { data } = await h
        .client()
        .auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true, redirectTo: `${SITE}/auth/callback` } });
      const landed = await browse(data.url!);
      expect(landed.searchParams.get('error')).toBeTruthy();
      expect(landed.searchParams.get('error_description')).toBeTruthy();
    } finally {
      githubCodeError = false;
    }
  });

  it('refuses providers that are not configured', async () => {
    const response = await h.fetch(`${SITE}/platform/auth/v1/authorize?provider=google`, {
      redirect: 'manual',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation_failed');
  });
});

describe('manual linking', () => {
  it('links a provider to a signed-in user and unlinks it again', async () => {
    nextUserinfo({ sub: 'oidc-dana', email: 'dana-at-provider@uni.example', email_verified: true });
    const email = uniqueEmail('link');
    const client = h.client();
    await client.auth.signUp({ email, password: STRONG });
    const { data } = await client.auth.linkIdentity({ provider: 'oidc' as never, options: { skipBrowserRedirect: true, redirectTo: `${SITE}/auth/callback` } });
    await browse(data.url!);
    const { data: identities } = await client.auth.getUserIdentities();
    expect(identities!.identities.map((i) => i.provider).sort()).toEqual(['email', 'oidc']);
    const linked = identities!.identities.find((i) => i.provider === 'oidc')!;
    expect((await client.auth.unlinkIdentity(linked)).error).toBeNull();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    expect((await client.auth.unlinkIdentity(after!.identities[0]!)).error?.code).toBe('single_identity_not_deletable');
  });
});
