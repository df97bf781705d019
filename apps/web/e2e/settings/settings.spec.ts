// The account settings, as a person uses them: profile saved and kept (and the preferred language switching
// the site), a new password, an authenticator app set up from its key and removed, every other session signed
// out, the data downloaded and the account deleted. Both languages where the copy matters; axe on each page.
import { readFile } from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import { pathOf } from '../pages/auth';
import { SettingsPage } from '../pages/settings';
import { PASSWORD } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// Each test walks several pages and runs axe; on a busy 2-core runner that takes longer than the default minute.
test.describe.configure({ timeout: 120_000 });

test('en: the profile is saved, kept, and its language switches the site', async ({ page, signedInUser }) => {
  void signedInUser;
  const settings = new SettingsPage(page);
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-nav').first().getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await settings.goto('profile');
  expect(await settings.seriousViolations()).toEqual([]);

  await page.getByTestId('profile-name').fill('Ada Lovelace');
  await page.getByTestId('profile-affiliation').fill('Analytical Society');
  await page.getByTestId('profile-fields').fill('Information retrieval, 信息检索, information retrieval');
  await page.getByTestId('profile-style').selectOption('ieee');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toHaveText('Profile saved.');
  await expect(page.getByTestId('profile-fields')).toHaveValue('Information retrieval, 信息检索');

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveValue('Ada Lovelace');
  await expect(page.getByTestId('profile-affiliation')).toHaveValue('Analytical Society');
  await expect(page.getByTestId('profile-style')).toHaveValue('ieee');

  // The preferred language is the site's too: saving Chinese opens this page in Chinese.
  await page.getByTestId('profile-language').selectOption('zh');
  await page.getByTestId('profile-save').click();
  await expect.poll(() => pathOf(page)).toBe('/zh/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('设置');
  await expect(page.getByTestId('profile-language')).toHaveValue('zh');
  await expect(page.getByTestId('profile-name')).toHaveValue('Ada Lovelace');
});

test('zh: a new password replaces the old one', async ({ page, signedInUser, request }) => {
  const settings = new SettingsPage(page);
  await settings.goto('account', 'zh');
  await expect(page.getByTestId('email-current')).toHaveText(signedInUser.email);
  const fresh = 'Another-quiet-meadow-42';
  await page.getByTestId('password-new').fill(fresh);
  await page.getByTestId('password-confirm').fill(`${fresh}!`);
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('field-error')).toHaveText('两次输入的密码不一致。');
  await page.getByTestId('password-confirm').fill(fresh);
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-changed')).toHaveText('密码已更改。');

  const signIn = (password: string) => request.post('/platform/auth/v1/token?grant_type=password', { data: { email: signedInUser.email, password } });
  expect((await signIn(fresh)).status()).toBe(200);
  expect((await signIn(PASSWORD)).status()).toBe(400);
});

for (const [locale, theme] of [
  ['en', 'light'],
  ['zh', 'dark'],
] as const) {
  test(`${locale}, ${theme}: an authenticator app is set up from its key, then removed`, async ({ page, signedInUser }) => {
    void signedInUser;
    await page.emulateMedia({ colorScheme: theme });
    const settings = new SettingsPage(page);
    await settings.goto('security', locale);
    await expect(page.getByTestId('two-step-status')).toHaveText(locale === 'zh' ? '未开启' : 'Off');
    expect(await settings.seriousViolations()).toEqual([]);

    await page.getByTestId('enrol-name').fill('Lab phone');
    await page.getByTestId('enrol-start').click();
    await expect(page.getByTestId('enrol-qr')).toBeVisible();
    const secret = (await page.getByTestId('enrol-secret').textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    expect(await settings.seriousViolations()).toEqual([]);

    const code = totp.generate();
    await page.getByTestId('enrol-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('enrol-verify').click();
    await expect(page.getByTestId('form-error')).toContainText(locale === 'zh' ? '验证码错误或已过期' : 'The code is wrong or has expired');
    await page.getByTestId('enrol-code').fill(totp.generate());
    await page.getByTestId('enrol-verify').click();
    await expect(page.getByTestId('two-step-status')).toHaveText(locale === 'zh' ? '已开启（1 个验证方式）' : 'On (1 factor)');
    await expect(page.getByTestId('factor-name')).toHaveText('Lab phone');

    // The account now asks for the second factor; this session passed it (aal2), so it can remove the factor.
    await page.reload();
    await expect(page.getByTestId('factor')).toHaveCount(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('factor-remove').click();
    await expect(page.getByTestId('two-step-notice')).toHaveText(locale === 'zh' ? '验证方式已移除。' : 'Factor removed.');
    await expect(page.getByTestId('two-step-status')).toHaveText(locale === 'zh' ? '未开启' : 'Off');
    await expect(page.getByTestId('factor')).toHaveCount(0);
  });
}

test('en: signing out everywhere else ends the other sessions and keeps this one', async ({ page, signedInUser, request }) => {
  const other = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: signedInUser.email, password: signedInUser.password } });
  const { refresh_token: otherRefresh } = (await other.json()) as { refresh_token: string };
  const settings = new SettingsPage(page);
  await settings.goto('security');
  await expect(page.getByTestId('session-this-device')).toHaveText(/^Chrome on (Linux|Windows)$/);
  await page.getByTestId('sessions-sign-out-others').click();
  await expect(page.getByTestId('sessions-done')).toHaveText('You are signed out on every other device.');

  const refreshed = await request.post('/platform/auth/v1/token?grant_type=refresh_token', { data: { refresh_token: otherRefresh } });
  expect(refreshed.status()).toBe(400);
  await settings.goto('security');
  await expect(page.getByTestId('settings-sessions')).toBeVisible();
});

test('zh: the data is downloaded, then the account is deleted after typing its address', async ({ page, signedInUser, request }) => {
  const settings = new SettingsPage(page);
  await settings.goto('data', 'zh');
  expect(await settings.seriousViolations()).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^citewise-export-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(archive).toMatchObject({ format: 'citewise-export', profile: { email: signedInUser.email }, library: { papers: [] } });
  await expect(page.getByTestId('export-done')).toHaveText('你的数据已下载。');

  await expect(page.getByText(`输入 ${signedInUser.email} 以确认`)).toBeVisible();
  await page.getByTestId('delete-confirmation').fill('someone-else@example.com');
  await expect(page.getByTestId('delete-submit')).toBeDisabled();
  await page.getByTestId('delete-confirmation').fill(signedInUser.email);
  await page.getByTestId('delete-submit').click();
  await expect.poll(() => pathOf(page)).toBe('/zh');

  const signIn = await request.post('/platform/auth/v1/token?grant_type=password', { data: { email: signedInUser.email, password: signedInUser.password } });
  expect(signIn.status()).toBe(400);
  await page.goto('/zh/dashboard/settings');
  await expect.poll(() => pathOf(page)).toMatch(/^\/zh\/auth\/signin/);
});

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: at 390 px every settings tab is in view, and the tabs' titles follow one pattern`, async ({ page, signedInUser }) => {
    void signedInUser;
    const prefix = locale === 'zh' ? '/zh' : '';
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/dashboard/settings/billing`);
    const links = page.getByTestId('settings-nav').getByRole('link');
    await expect(links).toHaveCount(6);
    // No tab cut off at the edge ("Billi"): each lies wholly inside the window, and nothing scrolls sideways.
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Billing's title is built like its siblings': the tab, then Settings.
    await expect(page).toHaveTitle(locale === 'zh' ? /^账单 · 设置/ : /^Billing · Settings/);
    await page.goto(`${prefix}/dashboard/settings/security`);
    await expect(page).toHaveTitle(locale === 'zh' ? /^安全 · 设置/ : /^Security · Settings/);
  });
}
