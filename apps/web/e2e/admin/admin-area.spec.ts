import { createConfirmedUser, enrollTotp, serviceSession, signInThroughApi } from '../support/accounts';
import { grantByCommand } from '../support/admin-command';
import { expect, test } from '../support/fixtures';
import { AdminPage } from '../pages/admin';

test('an operator granted by command manages an account in the admin area, and a non-admin gets no access', async ({ page, request, user, browser }) => {
  test.setTimeout(120_000);
  // The admin: an account with an authenticator app (ADMIN_REQUIRE_MFA is on by default), made an admin by command.
  const code = await enrollTotp(request, await serviceSession(request, user));
  expect(grantByCommand(user.email)).toContain(`${user.email} is now an admin`);
  // The account the admin looks after, with an authenticator of its own.
  const target = await createConfirmedUser(request);
  await enrollTotp(request, await serviceSession(request, target));

  // Signed out, the admin area sends to its own sign-in page and back afterwards.
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login$/);
  const admin = new AdminPage(page);
  await admin.signIn(user.email, user.password, code);
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(admin.auditRows('role.grant').filter({ hasText: user.email })).toHaveCount(1);

  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('overview-users')).toContainText(/\d/);
  await page.getByRole('link', { name: 'Users' }).click();
  await admin.openUser(target.email);

  // Ban: the account's sign-in is refused until the ban is lifted.
  await page.getByTestId('ban-duration').selectOption('24h');
  await admin.confirm('user-ban', target.email);
  await expect(admin.status).toHaveAttribute('data-status', 'banned');
  const refused = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: target.email, password: target.password } });
  expect((await refused.json()).error_code).toBe('user_banned');
  await admin.confirm('user-unban', target.email);
  await expect(admin.status).toHaveAttribute('data-status', 'active');

  // A plan by hand: the account's own subscription shows it, marked as given.
  await page.getByTestId('plan-choice').selectOption('pro');
  await page.getByTestId('plan-until').fill('2099-01-31');
  await admin.confirm('plan-give', target.email);
  await expect(page.getByTestId('user-plan-current')).toHaveAttribute('data-plan', 'pro');
  const targetContext = await browser.newContext();
  const targetPage = await targetContext.newPage();
  await signInThroughApi(targetPage, target);
  const subscription = await (await targetPage.request.get('/api/user/subscription')).json();
  expect(subscription).toMatchObject({ plan: { id: 'pro' }, complimentary: true, current_period_end: '2099-01-31T23:59:59.999Z' });

  // Their lost authenticator goes.
  await expect(page.getByTestId('user-factor')).toHaveCount(1);
  await admin.confirm('factor-remove', target.email);
  await expect(page.getByTestId('factors-empty')).toBeVisible();

  // Each step is in the account's trail and in the log, with who did it.
  const trail = page.getByTestId('user-audit');
  for (const action of ['user.ban', 'user.unban', 'user.plan_give', 'user.factor_delete']) {
    await expect(trail.locator(`[data-action="${action}"]`)).toHaveCount(1);
  }
  await page.goto('/zh/admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('审计日志');
  await page.getByTestId('audit-filter').selectOption('user.plan_give');
  await expect(admin.auditRows('user.plan_give').filter({ hasText: target.email }).first()).toContainText(user.email);
  const csv = await page.request.get('/api/admin/audit?format=csv&action=user.ban');
  expect(await csv.text()).toContain(target.email);

  // An account made by hand can sign in at once.
  await page.goto('/admin/users');
  await page.getByTestId('create-user-open').click();
  const made = `made.${Date.now().toString(36)}@example.com`;
  await page.getByTestId('create-user-email').fill(made);
  await page.getByTestId('create-user-password').fill(user.password);
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('user-title')).toHaveText(made);
  const madeSignIn = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: made, password: user.password } });
  expect(madeSignIn.status()).toBe(200);

  // The account without the role: the 403 screen, and 403 from the API.
  await targetPage.goto('/admin');
  await expect(targetPage.getByTestId('error-status')).toHaveText('403');
  await expect(targetPage.getByTestId('error-headline')).toHaveText('no access');
  // Its tab says so, not the admin page's own title.
  await expect(targetPage).toHaveTitle('403 No access · Citewise');
  expect((await targetPage.request.get('/api/admin/users')).status()).toBe(403);
  await targetContext.close();
});
