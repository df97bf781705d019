// Keys kept in the data directory and overridden by the environment; configuration errors; expired tokens.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadAuthConfig, loadKeys } from '../src/index';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-keys-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('keys', () => {
  it('are generated once, kept private in the data directory, and reused', async () => {
    const config = loadAuthConfig({ SITE_URL: 'https://citewise.example' });
    const first = await loadKeys(config, { dataDir: dir });
    const second = await loadKeys(config, { dataDir: dir });
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.kid).toBe(first.kid);
    const stat = await fs.stat(path.join(dir, 'auth-keys.json'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(decodeJwt(first.serviceRoleKey)).toMatchObject({ role: 'service_role', iss: 'https://citewise.example/platform/auth/v1' });
    expect(first.publicJwks[0]).not.toHaveProperty('d');
  });

  it('come from the environment when set', async () => {
    const stored = JSON.parse(await fs.readFile(path.join(dir, 'auth-keys.json'), 'utf8')) as { keys: unknown[] };
    const config = loadAuthConfig({ AUTH_JWT_KEYS: JSON.stringify(stored.keys), AUTH_ANON_KEY: 'anon-from-env' });
    const keys = await loadKeys(config);
    expect(keys.anonKey).toBe('anon-from-env');
    expect(decodeJwt(keys.serviceRoleKey).role).toBe('service_role');
    expect(() => loadAuthConfig({ AUTH_JWT_KEYS: 'nope' })).not.toThrow();
    await expect(loadKeys(loadAuthConfig({ AUTH_JWT_KEYS: 'nope' }))).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadAuthConfig({ AUTH_JWT_EXP: 'soon' })).toThrow(/AUTH_JWT_EXP/);
    expect(() => loadAuthConfig({ AUTH_SMS_PROVIDER: 'twilio' })).toThrow(/AUTH_SMS_TWILIO_ACCOUNT_SID/);
    expect(loadAuthConfig({}).mailboxEnabled).toBe(true);
    expect(loadAuthConfig({ SMTP_URL: 'smtp://mail.example' }).mailboxEnabled).toBe(false);
    expect(loadAuthConfig({ SMTP_URL: 'smtp://mail.example', MAILBOX_ENABLED: 'true' }).mailboxEnabled).toBe(true);
  });

  it('sends mail links to the port the server listens on when SITE_URL is not set', () => {
    expect(loadAuthConfig({ PORT: '4000' }).siteUrl).toBe('http://localhost:4000');
    expect(loadAuthConfig({ PORT: '4000' }).externalUrl).toBe('http://localhost:4000/platform/auth/v1');
    expect(loadAuthConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadAuthConfig({ PORT: '4000', SITE_URL: 'https://citewise.example' }).siteUrl).toBe('https://citewise.example');
  });
});

describe('expired access tokens', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAuth({ AUTH_MAILER_AUTOCONFIRM: 'true' });
  });
  afterAll(() => h.close());

  it('are refused even when correctly signed', async () => {
    const { data } = await h.client().auth.signUp({ email: uniqueEmail('exp'), password: STRONG });
    const claims = decodeJwt(data.session!.access_token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({ ...claims, iat: past, exp: past + 3600 })
      .setProtectedHeader({ alg: 'ES256', kid: h.service.keys.kid, typ: 'JWT' })
      .sign(h.service.keys.signingKey);
    const response = await h.fetch(`${AUTH}/user`, { headers: { authorization: `Bearer ${expired}`, 'x-supabase-api-version': '2024-01-01' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
  });
});
