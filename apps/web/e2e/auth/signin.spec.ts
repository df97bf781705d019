// Signing in with email and password: where it leads (the redirect value, the guard's cookie, never another
// site), and what each failure says, in English and Chinese.
import { expect, test } from '../support/fixtures';
import { createConfirmedUser, latestMessage, PASSWORD, uniqueEmail } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage } from '../pages/auth';

test.describe('where sign-in leads', () => {
  for (const locale of ['en', 'zh'] as const) {
    test(`${locale}: a guarded deep link is remembered and reached after signing in`, async ({ page, user }) => {
      const prefix = locale === 'zh' ? '/zh' : '';
      await page.goto(`${prefix}/dashboard?from=deep-link`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/auth/signin$`));
      const redirectCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'citewise-redirect');
      expect(decodeURIComponent(redirectCookie?.value ?? '')).toBe(`${prefix}/dashboard?from=deep-link`);

      const signIn = new SignInPage(page);
      await signIn.ready();
      await signIn.signIn(user.email, user.password);
      await expect(page.getByTestId('toast')).toContainText(locale === 'zh' ? '登录成功' : 'Login successful');
      await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard?from=deep-link`);
      await new DashboardPage(page).expectSignedInAs(user.email);
      expect((await page.context().cookies()).some((cookie) => cookie.name === 'citewise-redirect')).toBe(false);
    });
  }

  test('the redirect query value wins over the remembered page', async ({ page, user }) => {
    await page.goto('/ai/research');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    const signIn = new SignInPage(page);
    await signIn.goto('en', '?redirect=%2Fdashboard%3Ftab%3Dplan');
    await signIn.signIn(user.email, user.password);
    await expect.poll(() => pathOf(page)).toBe('/dashboard?tab=plan');
  });

  const attacks = [
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(document.cookie)',
    '%2F%2Fevil.example%2F',
    '/auth/signin',
  ];
  for (const attack of attacks) {
    test(`an open-redirect attempt (${attack}) lands on the dashboard`, async ({ page, user }) => {
      const signIn = new SignInPage(page);
      await signIn.goto('en', `?redirect=${encodeURIComponent(attack)}`);
      await signIn.signIn(user.email, user.password);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    });
  }
});

test.describe('what failures say', () => {
  test('missing credentials say the spec’s sentence itself, on the page and in the API’s answer', async ({ page, request }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn('someone@example.com', '');
    await expect(signIn.error).toHaveText('You must provide either an email or phone number and a password');
    for (const path of ['/api/auth/signin', '/api/auth/signup']) {
      const response = await request.post(path, { data: { password: 'x' } });
      expect(response.status()).toBe(400);
      expect((await response.json()).error).toMatchObject({
        code: 'validation_failed',
        message: 'You must provide either an email or phone number and a password',
      });
    }
  });

  test('a wrong password, in English and Chinese', async ({ page, user }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(user.email, 'not-the-password');
    await expect(signIn.error).toHaveText('Wrong email, phone number or password.');
    await signIn.goto('zh');
    await signIn.signIn(user.email, 'not-the-password');
    await expect(signIn.error).toHaveText('邮箱、手机号或密码错误。');
  });

  test('an unconfirmed email, with the wait before the mail can be sent again', async ({ page }) => {
    const email = uniqueEmail('unconfirmed');
    await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
    await latestMessage(page.request, email, 'signup');
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(email, PASSWORD);
    await expect(signIn.error).toContainText('Your email address is not confirmed yet.');
    // The confirmation mail went out seconds ago: the service allows one a minute.
    await page.getByTestId('resend-confirmation').click();
    await expect(page.getByTestId('form-error').last()).toHaveText(/^Too many attempts\. Try again in \d+ seconds?\.$/);
    await expect(page.getByTestId('resend-confirmation')).toBeDisabled();
  });

  test('too many wrong passwords are rate limited, saying how long to wait', async ({ page, user }) => {
    const signIn = new SignInPage(page);
    await signIn.goto('zh');
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await page.request.post('/api/auth/signin', { data: { email: user.email, password: `wrong-${attempt}` } });
      expect(response.status()).toBe(400);
    }
    await signIn.signIn(user.email, user.password);
    await expect(signIn.error).toHaveText(/^尝试次数过多，请在 \d+ 秒后重试。$/);
  });

  test('no connection', async ({ page, user }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await page.route('**/api/auth/signin', (route) => route.abort('internetdisconnected'));
    await signIn.signIn(user.email, user.password);
    await expect(signIn.error).toHaveText('No connection to Citewise. Check your internet connection and try again.');
  });

  test('an OAuth provider that is not switched on', async ({ page }) => {
    await page.goto('/api/auth/oauth?provider=github&locale=zh');
    await expect(page).toHaveURL(/\/zh\/auth\/signin\?error=provider_disabled$/);
    await expect(page.getByTestId('form-error')).toHaveText('此站点不支持这种登录方式。');
  });
});

test('a magic link signs in the browser that asked for it', async ({ page }) => {
  const user = await createConfirmedUser(page.request);
  const signIn = new SignInPage(page);
  await signIn.goto('en', '?redirect=%2Fdashboard%3Fvia%3Dmagic');
  await page.getByTestId('toggle-magic').click();
  await page.getByTestId('magic-email').fill(user.email);
  await page.getByTestId('magic-submit').click();
  await expect(page.getByTestId('magic-sent')).toContainText(user.email);
  await expect(page.getByTestId('mailbox-hint')).toBeVisible();
  const mail = await latestMessage(page.request, user.email, 'magiclink');
  await page.goto(mail.link!);
  await expect.poll(() => pathOf(page)).toBe('/dashboard?via=magic');
  await new DashboardPage(page).expectSignedInAs(user.email);
});
