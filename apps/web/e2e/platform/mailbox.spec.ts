// The embedded auth service as mounted by the product server: a sign-up through its HTTP API, the mail in the
// dev mailbox (a page a person reads in the browser, in both languages), and the mailed link confirming.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mailboxKey } from '../support/mailbox-key';

const password = 'correct-Horse-7-battery';
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test('a sign-up mail arrives in the dev mailbox and its link confirms the account', async ({ page, request }) => {
  const email = uniqueEmail('reader');
  const signup = await request.post('/platform/auth/v1/signup', { data: { email, password } });
  expect(signup.status()).toBe(200);
  expect((await signup.json()).email).toBe(email);

  await page.goto(`/platform/mailbox?to=${encodeURIComponent(email)}&key=${mailboxKey()}`);
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm your Citewise account' })).toBeVisible();
  await expect(page.getByTestId('mailbox-code')).toHaveText(/^\d{6}$/);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A sign-up through the HTTP API has no PKCE challenge, so the product server's auth service (its
  // AUTH_MAILER_CONFIRM_URL) links the mail to /api/auth/confirm, whose confirm page's button verifies the token
  // hash, writes the session cookie and continues to the site. Opening the link alone signs nobody in.
  const link = new URL((await page.getByTestId('mailbox-link').getAttribute('href'))!);
  expect(link.pathname).toBe('/api/auth/confirm');
  expect(link.searchParams.get('type')).toBe('signup');
  await page.getByTestId('mailbox-link').click();
  await page.waitForURL((url) => url.pathname === '/auth/confirm');
  expect((await page.request.get('/api/user/subscription')).status()).toBe(401);
  await page.getByTestId('confirm-continue').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/platform/') && !url.pathname.startsWith('/api/') && url.pathname !== '/auth/confirm');
  expect(new URL(page.url()).pathname).not.toMatch(/\/auth\/error/);
  const signedIn = await page.request.get('/api/user/subscription');
  expect(signedIn.status()).toBe(200);

  const signin = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(signin.status()).toBe(200);
  const session = await signin.json();
  const user = await request.get('/platform/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } });
  expect((await user.json()).email_confirmed_at).toBeTruthy();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('the mailbox and the mail speak Chinese to a Chinese browser', async ({ page, request }) => {
    const email = uniqueEmail('zh');
    await request.post('/platform/auth/v1/signup', { data: { email, password }, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    await page.goto(`/platform/mailbox?to=${encodeURIComponent(email)}&key=${mailboxKey()}`);
    await expect(page.getByRole('heading', { name: '开发邮箱' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '确认您的 Citewise 账号' })).toBeVisible();
  });
});

test('the service publishes its signing keys and answers protocol errors', async ({ request }) => {
  const jwks = await request.get('/platform/auth/v1/.well-known/jwks.json');
  expect((await jwks.json()).keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
  const bad = await request.post('/platform/auth/v1/token?grant_type=password', {
    data: { email: uniqueEmail('nobody'), password },
    headers: { 'x-supabase-api-version': '2024-01-01' },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
});

test('the mailbox is closed to anyone without a key, and its JSON listing is a plain path for scripts', async ({ request }) => {
  const email = uniqueEmail('closed');
  await request.post('/platform/auth/v1/signup', { data: { email, password } });
  const to = `to=${encodeURIComponent(email)}`;
  for (const url of [`/platform/mailbox?${to}`, `/platform/mailbox/api/messages?${to}`, `/platform/mailbox?${to}&key=guess`]) {
    const response = await request.get(url, { headers: { accept: 'application/json' } });
    expect(response.status(), url).toBe(404);
    expect(await response.text()).not.toContain(email);
  }
  const listed = await request.get(`/platform/mailbox/api/messages?${to}`, { headers: { authorization: `Bearer ${mailboxKey()}` } });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual([expect.objectContaining({ to: email, type: 'signup' })]);
});
