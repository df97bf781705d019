// The dev mailbox holds every user's recovery links: it opens to the service-role key and the mailbox key only,
// and to everyone else looks exactly like a path that does not exist.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig, loadMailboxKey } from '../src/index';
import { STRONG, URL_BASE, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
let email: string;
beforeAll(async () => {
  h = await startAuth();
  email = uniqueEmail('mailbox');
  expect((await h.client().auth.signUp({ email, password: STRONG })).error).toBeNull();
});
afterAll(() => h.close());

const messagesUrl = () => `${URL_BASE}/mailbox/api/messages?to=${encodeURIComponent(email)}`;

async function forgedServiceRoleToken(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'ES256', kid: h.service.keys.kid }).sign(privateKey);
}

describe('the dev mailbox', () => {
  it('answers strangers, the anon key, wrong keys and forged tokens like a path that does not exist', async () => {
    const missing = await h.fetch(`${URL_BASE}/no-such-path`);
    const expected = { status: missing.status, body: await missing.text() };
    expect(expected.status).toBe(404);
    const forged = await forgedServiceRoleToken();
    const attempts: Array<[string, RequestInit?]> = [
      [messagesUrl()],
      [`${URL_BASE}/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } }],
      [messagesUrl(), { headers: { apikey: h.anonKey, authorization: `Bearer ${h.anonKey}` } }],
      [messagesUrl(), { headers: { authorization: 'Bearer not-the-key' } }],
      [messagesUrl(), { headers: { apikey: forged } }],
      [`${messagesUrl()}&key=${'x'.repeat(32)}`],
      [messagesUrl(), { headers: { cookie: 'citewise-mailbox=guess' } }],
    ];
    for (const [url, init] of attempts) {
      const response = await h.fetch(url, init);
      expect({ status: response.status, body: await response.text() }).toEqual(expected);
    }
  });

  it('lists the messages as JSON at a plain path to the service-role key and to the mailbox key', async () => {
    const holders: Record<string, string>[] = [
      { apikey: h.serviceRoleKey },
      { authorization: `Bearer ${h.serviceRoleKey}` },
      { authorization: `Bearer ${h.service.mailboxKey}` },
    ];
    for (const headers of holders) {
      const response = await h.fetch(messagesUrl(), { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const messages = (await response.json()) as Array<{ to: string; type: string }>;
      expect(messages).toEqual([expect.objectContaining({ to: email, type: 'signup' })]);
    }
  });

  it('opens in the browser with ?key= and stays open through a cookie derived from the key', async () => {
    const opened = await h.fetch(`${URL_BASE}/mailbox?to=${encodeURIComponent(email)}&key=${h.service.mailboxKey}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/text\/html/);
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toContain(h.service.mailboxKey!);
    const again = await h.fetch(`${URL_BASE}/mailbox?to=${encodeURIComponent(email)}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(email);
  });
});

describe('the mailbox key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-mailbox-key-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('is made once, kept private in the data directory, and comes from AUTH_MAILBOX_KEY when set', async () => {
    const first = await loadMailboxKey(loadAuthConfig({}), { dataDir: dir });
    expect(first).toMatch(/^[\w-]{32}$/);
    expect(await loadMailboxKey(loadAuthConfig({}), { dataDir: dir })).toBe(first);
    expect((await fs.stat(path.join(dir, 'mailbox-key'))).mode & 0o777).toBe(0o600);
    const shared = 'a-key-every-instance-shares-123';
    expect(await loadMailboxKey(loadAuthConfig({ AUTH_MAILBOX_KEY: shared }), { dataDir: dir })).toBe(shared);
  });
});
