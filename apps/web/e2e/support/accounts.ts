import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { mailboxKey } from './mailbox-key';

/**
 * Accounts for end-to-end tests, made through the product's own public interfaces: the auth service's HTTP
 * API and the dev mailbox (read with the mailbox key, as a script would; no database access). Any feature's tests can use these to start
 * signed in; see fixtures.ts.
 */
export const PASSWORD = 'correct-Horse-7-battery';

let counter = 0;
const stamp = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const uniqueEmail = (label = 'reader') => `${label}.${stamp()}@example.com`;
/** A number no one has: +86 1 and ten more digits. */
export const uniquePhone = () => `+8613${String(Date.now() % 1e7).padStart(7, '0')}${Math.floor(Math.random() * 90 + 10)}`;

export type MailboxMessage = {
  to: string;
  channel: 'email' | 'sms';
  type: string;
  subject: string;
  text: string;
  token: string;
  token_hash: string | null;
  link: string | null;
};

/** The newest message to `to` in the dev mailbox (optionally of one type), waiting a little for it to arrive. */
export async function latestMessage(request: APIRequestContext, to: string, type?: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/platform/mailbox/api/messages?to=${encodeURIComponent(to)}`, {
          headers: { authorization: `Bearer ${mailboxKey()}` },
        });
        expect(response.status()).toBe(200);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => !type || message.type === type);
        return Boolean(found);
      },
      { message: `a ${type ?? ''} message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export type TestUser = { email: string; password: string; id: string };

/** A new account with a confirmed email (sign-up, then the code from the mailed confirmation). */
export async function createConfirmedUser(
  request: APIRequestContext,
  options: { email?: string; password?: string; locale?: 'en' | 'zh' } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const signup = await request.post('/platform/auth/v1/signup', { data: { email, password, data: { locale: options.locale ?? 'en' } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const mail = await latestMessage(request, email);
  const verify = await request.post('/platform/auth/v1/verify', { data: { type: 'signup', email, token: mail.token } });
  expect(verify.status(), await verify.text()).toBe(200);
  const session = (await verify.json()) as { user: { id: string } };
  return { email, password, id: session.user.id };
}

/** Signs the page's browser context in through POST /api/auth/signin (the session cookies land in the context). */
export async function signInThroughApi(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { session: { access_token: string; refresh_token: string } };
  return { accessToken: body.session.access_token, refreshToken: body.session.refresh_token };
}

/** A password sign-in straight against the auth service (a second device of the same user). */
export async function serviceSession(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Enrols and verifies an authenticator app for the user; returns a generator of its current codes. */
export async function enrollTotp(request: APIRequestContext, accessToken: string): Promise<() => string> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const enrolled = await request.post('/platform/auth/v1/factors', { headers, data: { factor_type: 'totp', friendly_name: 'Phone app' } });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const challenge = await request.post(`/platform/auth/v1/factors/${factor.id}/challenge`, { headers, data: {} });
  const { id: challengeId } = (await challenge.json()) as { id: string };
  const verified = await request.post(`/platform/auth/v1/factors/${factor.id}/verify`, { headers, data: { challenge_id: challengeId, code: totp.generate() } });
  expect(verified.status(), await verified.text()).toBe(200);
  return () => totp.generate();
}

/** Signs this user out on every device (what "sign out everywhere" or a password change elsewhere does). */
export async function revokeAllSessions(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const token = await serviceSession(request, user);
  const response = await request.post('/platform/auth/v1/logout?scope=global', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(204);
}

/** The session cookie of a context (Supabase's `sb-<ref>-auth-token`, possibly in chunks). */
export function sessionCookies<T extends { name: string }>(cookies: T[]): T[] {
  return cookies.filter((cookie) => /^sb-[a-z0-9-]+-auth-token(\.\d+)?$/.test(cookie.name));
}

/** The access token inside the session cookie. */
export function accessTokenOf(cookies: { name: string; value: string }[]): string | null {
  const parts = sessionCookies(cookies).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  if (parts.length === 0) return null;
  const raw = decodeURIComponent(parts.map((part) => part.value).join(''));
  const json = raw.startsWith('base64-') ? Buffer.from(raw.slice(7), 'base64url').toString('utf8') : raw;
  return (JSON.parse(json) as { access_token?: string }).access_token ?? null;
}
