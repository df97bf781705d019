// On the second test server, access tokens live 30 seconds (AUTH_JWT_EXP=30; see playwright.config.ts), so
// the session outlives several of them while the reader keeps working.
import { expect, test } from '../support/fixtures';
import { accessTokenOf, revokeAllSessions } from '../support/accounts';
import { DashboardPage, pathOf } from '../pages/auth';

const expiryOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

test('the session refreshes across the access token’s expiry without the reader noticing, and ends when revoked', async ({ page, signedInUser }) => {
  test.setTimeout(150_000);
  await page.goto('/dashboard');
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedInAs(signedInUser.email);
  const first = accessTokenOf(await page.context().cookies())!;
  expect(expiryOf(first) - Date.now() / 1000).toBeLessThanOrEqual(31);

  // Past the first token's expiry, with the page open: its 30-second refresh tick replaces the token.
  await expect
    .poll(
      async () => {
        const token = accessTokenOf(await page.context().cookies());
        return token !== first && expiryOf(first) < Date.now() / 1000;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  const current = accessTokenOf(await page.context().cookies())!;
  expect(expiryOf(current)).toBeGreaterThan(Date.now() / 1000);

  // Still signed in everywhere: the API, a page load, a client-side navigation.
  expect((await page.request.get('/api/user/subscription')).status()).toBe(200);
  await page.reload();
  await dashboard.expectSignedInAs(signedInUser.email);
  await expect.poll(() => pathOf(page)).toBe('/dashboard');

  // Signed out everywhere from elsewhere: the open tab, left alone, signs itself out at its next refresh (one
  // 30-second tick with these tokens), or at its next check with the service (every 60 s), whichever comes first.
  // The refresh is what ends it here; the bound leaves room for a loaded machine, not for a second tick.
  const refused = page.waitForResponse((response) => response.url().includes('grant_type=refresh_token') && response.status() === 400, { timeout: 45_000 });
  await revokeAllSessions(page.request, signedInUser);
  await page.waitForURL((url) => url.pathname === '/auth/signin', { timeout: 50_000 });
  await refused;
  expect(pathOf(page)).toBe('/auth/signin?redirect=%2Fdashboard');
});
