// The signed-in session in the browser: its cookie, the header, signing out, and a session ended elsewhere.
import { expect, test } from '../support/fixtures';
import { revokeAllSessions, sessionCookies } from '../support/accounts';
import { DashboardPage, pathOf } from '../pages/auth';

test('the session cookie has the spec’s attributes and nothing of the session is in localStorage', async ({ page, signedInUser }) => {
  await page.goto('/dashboard');
  await new DashboardPage(page).expectSignedInAs(signedInUser.email);
  const cookies = sessionCookies(await page.context().cookies());
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(400);
    // Chunks stay under the browser's cookie size limit.
    expect(cookie.value.length).toBeLessThanOrEqual(3180);
  }
  expect(cookies[0]!.value.startsWith('base64-') || cookies.find((c) => c.name.endsWith('.0'))?.value.startsWith('base64-')).toBe(true);
  const stored = await page.evaluate(() =>
    Object.entries(localStorage)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
  );
  expect(stored).not.toMatch(/access_token|refresh_token|sb-/);
});

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: the header shows a signed-in reader the dashboard, and sign-out goes home`, async ({ page, signedInUser }) => {
    const prefix = locale === 'zh' ? '/zh' : '';
    await page.goto(`${prefix}/pricing`);
    await expect(page.getByTestId('header-dashboard').first()).toHaveText(`${signedInUser.email[0]!.toUpperCase()}${locale === 'zh' ? '控制台' : 'Dashboard'}`);
    await expect(page.getByTestId('header-signin')).toHaveCount(0);
    await page.getByTestId('header-dashboard').first().click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);

    const dashboard = new DashboardPage(page);
    await dashboard.signOut();
    await expect.poll(() => pathOf(page)).toBe(prefix || '/');
    await expect(page.getByTestId('header-signin').first()).toBeVisible();
    expect(sessionCookies(await page.context().cookies())).toEqual([]);
    await page.goto(`${prefix}/dashboard`);
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/auth/signin`);
  });
}

test('a session revoked elsewhere signs the browser out', async ({ page, signedInUser }) => {
  await page.goto('/dashboard');
  await new DashboardPage(page).expectSignedInAs(signedInUser.email);
  // Signed out everywhere from another device; this tab notices when the reader comes back to it.
  await revokeAllSessions(page.request, signedInUser);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  // At most 10 s later: a check made while the page loaded defers this one to the end of its interval.
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/auth/signin?redirect=%2Fdashboard');
  expect(sessionCookies(await page.context().cookies())).toEqual([]);
});

test('a revoked session is refused by the next signed-in page, too', async ({ page, signedInUser }) => {
  await page.goto('/dashboard');
  await new DashboardPage(page).expectSignedInAs(signedInUser.email);
  await revokeAllSessions(page.request, signedInUser);
  // Its access token has not expired, but the server asks the auth service before showing the page.
  await page.goto('/dashboard?again=1');
  await expect.poll(() => pathOf(page)).toMatch(/^\/auth\/signin/);
});

test('the subscription API answers the Free plan to its user and 401 to nobody', async ({ page, request, signedInUser }) => {
  const mine = await page.request.get('/api/user/subscription');
  expect(mine.status()).toBe(200);
  expect(await mine.json()).toMatchObject({ plan: { id: 'free', features: { searchesPerDay: 50 } }, status: 'active' });
  expect(signedInUser.id).toBeTruthy();
  // The `request` fixture has no cookies of the page.
  const anonymous = await request.get('/api/user/subscription');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'You are signed out. Sign in again to continue.', issues: [] } });
});
