import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createConfirmedUser, enrollTotp, latestMessage, serviceSession, signInThroughApi, uniqueEmail } from '../support/accounts';
import { grantByCommand } from '../support/admin-command';
import { expect, test } from '../support/fixtures';
import { AdminPage } from '../pages/admin';

const pathOf = (page: { url(): string }) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

test('an admin filters the users list, ends a user’s sessions and mails them a recovery and a sign-in link that work', async ({
  page,
  request,
  user,
  browser,
}) => {
  // Each mailed link now opens its confirm page before signing in (login CSRF): a few more page loads.
  test.setTimeout(210_000);
  const code = await enrollTotp(request, await serviceSession(request, user));
  grantByCommand(user.email);
  const target = await createConfirmedUser(request);
  const other = await createConfirmedUser(request);

  // The target is signed in in a browser of their own.
  const targetContext = await browser.newContext();
  const targetPage = await targetContext.newPage();
  await signInThroughApi(targetPage, target);
  expect((await targetPage.request.get('/api/user/subscription')).status()).toBe(200);

  await page.goto('/admin/users');
  const admin = new AdminPage(page);
  await admin.signIn(user.email, user.password, code);
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Filters combine with the search and live in the address.
  await admin.search.fill(target.email);
  await page.getByTestId('user-search-submit').click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('filter-two-step').selectOption('yes');
  await expect(page.getByTestId('users-empty')).toBeVisible();
  await expect(page).toHaveURL(/two_step=yes/);
  await page.getByTestId('filter-two-step').selectOption('no');
  await page.getByTestId('filter-status').selectOption('active');
  await page.getByTestId('filter-provider').selectOption('email');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  // The router writes the address in a transition: reload once it holds both filters.
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/provider=email/);
  await page.reload();
  await expect(page.getByTestId('filter-status')).toHaveValue('active');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('filter-plan').selectOption('pro');
  await expect(page.getByTestId('users-empty')).toBeVisible();
  await page.getByTestId('filters-clear').click();
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  // Their sessions (the one from confirming the address, the browser's), then signed out everywhere.
  await page.getByTestId('user-link').click();
  await expect(page.getByTestId('user-title')).toHaveText(target.email);
  await expect(page.getByTestId('user-session').first()).toBeVisible();
  expect(await page.getByTestId('user-session').count()).toBeGreaterThanOrEqual(2);
  // One of them: its own confirmation names the account.
  await page.getByTestId('session-revoke').first().click();
  await expect(page.getByTestId('session-revoke-confirm')).toContainText(target.email);
  await page.getByTestId('session-revoke-yes').click();
  await expect(page.getByTestId('user-session')).toHaveCount(1);
  await admin.confirm('sessions-revoke-all', target.email);
  await expect(page.getByTestId('sessions-empty')).toBeVisible();
  // Their browser is signed out: a page that asks the auth service finds the session gone.
  await targetPage.goto('/dashboard');
  await expect.poll(() => pathOf(targetPage)).toMatch(/^\/auth\/signin/);

  // A recovery link, opened in a browser that never started the flow, leads to choosing a new password.
  await admin.confirm('link-recovery', target.email);
  await expect(page.getByTestId('toast').filter({ hasText: target.email })).toBeVisible();
  const recovery = await latestMessage(request, target.email, 'recovery');
  expect(recovery.link).toContain('/api/auth/confirm?token_hash=');
  const fresh = `${target.password}-renewed`;
  await targetPage.goto(recovery.link!);
  // A mailed link signs in only on the confirm page's click (login CSRF; features/auth/server/confirm-token.ts).
  await expect.poll(() => pathOf(targetPage)).toMatch(/^\/auth\/confirm\?/);
  await targetPage.getByTestId('confirm-continue').click();
  await expect.poll(() => pathOf(targetPage)).toBe('/auth/reset-password');
  await targetPage.getByTestId('reset-password').fill(fresh);
  await targetPage.getByTestId('reset-confirm').fill(fresh);
  await targetPage.getByTestId('reset-submit').click();
  await expect.poll(() => pathOf(targetPage)).toBe('/dashboard');
  const renewed = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: target.email, password: fresh } });
  expect(renewed.status()).toBe(200);
  // The link works once.
  await targetPage.goto(recovery.link!);
  await targetPage.getByTestId('confirm-continue').click();
  await expect.poll(() => pathOf(targetPage)).toBe('/auth/error?error=link_expired');
  await targetContext.close();

  // A magic link signs the other account in, in the language it chose (English here).
  await page.goto(`/admin/users/${other.id}`);
  await admin.confirm('link-magiclink', other.email);
  const magic = await latestMessage(request, other.email, 'magiclink');
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await otherPage.goto(magic.link!);
  await otherPage.getByTestId('confirm-continue').click();
  await expect.poll(() => pathOf(otherPage)).toBe('/dashboard');
  expect((await otherPage.request.get('/api/user/subscription')).status()).toBe(200);
  await otherContext.close();

  // Every step is in the trail.
  await page.goto(`/zh/admin/users/${target.id}`);
  const trail = page.getByTestId('user-audit');
  for (const action of ['user.session_revoke', 'user.sessions_revoke', 'user.link_recovery']) {
    await expect(trail.locator(`[data-action="${action}"]`)).toHaveCount(1);
  }
  await expect(page.getByTestId('user-sessions').getByRole('heading')).toHaveText('会话');
  // The trail's dates in the admin's one format (features/admin/date-format.ts), as the sessions above print them.
  await expect(trail.getByTestId('audit-row').first().locator('td').first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
});

test('an admin invites a new address in Chinese; the invitation leads to choosing a password and into the product', async ({
  page,
  request,
  user,
  browser,
}) => {
  test.setTimeout(120_000);
  const code = await enrollTotp(request, await serviceSession(request, user));
  grantByCommand(user.email);
  await page.goto('/zh/admin/users');
  const admin = new AdminPage(page);
  await admin.signIn(user.email, user.password, code);
  await expect(page).toHaveURL(/\/zh\/admin\/users$/);

  const email = `invitee.${Math.random().toString(36).slice(2, 10)}@example.com`;
  await page.getByTestId('create-user-open').click();
  await page.getByTestId('create-user-email').fill(email);
  await page.getByTestId('create-user-method-invite').check();
  await expect(page.getByTestId('create-user-password')).toHaveCount(0);
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('user-title')).toHaveText(email);
  await expect(page.getByTestId('user-audit').locator('[data-action="user.invite"]')).toHaveCount(1);

  const invitation = await latestMessage(request, email, 'invite');
  expect(invitation.link).toContain('/api/auth/confirm?token_hash=');
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(invitation.link!);
  await expect.poll(() => pathOf(invitee)).toMatch(/^\/zh\/auth\/confirm\?/);
  await invitee.getByTestId('confirm-continue').click();
  // The invitation is in the admin's language: the page for choosing a password, in Chinese.
  await expect.poll(() => pathOf(invitee)).toBe('/zh/auth/reset-password');
  const password = `Invited-${Math.random().toString(36).slice(2, 10)}`;
  await invitee.getByTestId('reset-password').fill(password);
  await invitee.getByTestId('reset-confirm').fill(password);
  await invitee.getByTestId('reset-submit').click();
  await expect.poll(() => pathOf(invitee)).toBe('/zh/dashboard');
  const signedIn = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(signedIn.status()).toBe(200);
  await context.close();
});

test('an admin without a second factor gets the navigation to set one up', async ({ page, user }) => {
  grantByCommand(user.email);
  await page.goto('/admin/users');
  await expect(page.getByTestId('admin-login')).toBeVisible();
  await expect(page.getByTestId('signin-submit')).toBeEnabled();
  await page.getByTestId('signin-email').fill(user.email);
  await page.getByTestId('signin-password').fill(user.password);
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('admin-enrol')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Set up two-step sign-in' })).toHaveAttribute('href', '/dashboard/settings/security');
  await expect(nav.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
});

async function serious(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [locale, theme] of [
  ['en', 'light'],
  ['zh', 'dark'],
] as const) {
  test(`the filtered users list and an account's sessions are accessible and fit a phone (${locale}, ${theme})`, async ({
    page,
    request,
    user,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const code = await enrollTotp(request, await serviceSession(request, user));
    grantByCommand(user.email);
    const target = await createConfirmedUser(request);
    const targetContext = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
    await signInThroughApi(await targetContext.newPage(), target);
    await targetContext.close();

    await page.emulateMedia({ colorScheme: theme });
    const prefix = locale === 'zh' ? '/zh' : '';
    await page.goto(`${prefix}/admin/users?status=active&two_step=no&query=${encodeURIComponent(target.email)}`);
    await new AdminPage(page).signIn(user.email, user.password, code);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('filter-status')).toHaveValue('active');
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`users-${locale}-${theme}.png`), fullPage: true });
    // An unconfirmed account's badge is readable too (its amber failed contrast in light mode).
    const pending = uniqueEmail('pending');
    expect((await request.post('/platform/auth/v1/signup', { data: { email: pending, password: user.password } })).status()).toBe(200);
    await page.goto(`${prefix}/admin/users?status=unconfirmed&query=${encodeURIComponent(pending)}`);
    await expect(page.getByTestId('user-status')).toHaveAttribute('data-status', 'unconfirmed');
    expect(await serious(page)).toEqual([]);
    await page.goto(`${prefix}/admin/users?status=active&two_step=no&query=${encodeURIComponent(target.email)}`);

    await page.getByTestId('user-link').click();
    await expect(page.getByTestId('user-session').first()).toBeVisible();
    await expect(page.getByTestId('user-sessions')).toContainText('Chrome/140.0');
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`user-${locale}-${theme}.png`), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [`${prefix}/admin/users?status=active`, `${prefix}/admin/users/${target.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath(`user-phone-${locale}-${theme}.png`), fullPage: true });
  });
}
