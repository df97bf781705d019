// OAuth sign-in against a local OpenID Connect provider (oauth2-mock-server, configured on the second test
// server as "University Login"); the provider signs in the address in its `oidc_login` cookie.
import { expect, test } from '../support/fixtures';
import { uniqueEmail } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage } from '../pages/auth';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: sign in with the OpenID Connect provider and land where the guard remembered`, async ({ page }) => {
    const prefix = locale === 'zh' ? '/zh' : '';
    const email = uniqueEmail(`oidc-${locale}`);
    await page.context().addCookies([{ name: 'oidc_login', value: email, domain: '127.0.0.1', path: '/' }]);
    await page.goto(`${prefix}/dashboard?via=oidc`);
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/auth/signin`);
    const button = page.getByTestId('oauth-oidc');
    // The providers come from the auth service's settings, fetched when the page opens.
    await expect(button).toHaveText(locale === 'zh' ? '使用 University Login 继续' : 'Continue with University Login', { timeout: 30_000 });
    await new SignInPage(page).ready();
    await button.click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe(`${prefix}/dashboard?via=oidc`);
    const dashboard = new DashboardPage(page);
    await dashboard.expectSignedInAs(email);
    await expect(page.getByTestId('account-card')).toContainText(locale === 'zh' ? '单点登录' : 'Single sign-on');
  });
}

test('an OAuth callback without a valid code says the link expired', async ({ page }) => {
  await page.goto('/api/auth/oauth/callback?code=00000000-0000-0000-0000-000000000000&next=%2Fzh%2Fdashboard');
  await expect.poll(() => pathOf(page)).toBe('/zh/auth/signin?error=link_expired');
  await expect(page.getByTestId('form-error')).toHaveText(/该链接已过期或已被使用/);
});
