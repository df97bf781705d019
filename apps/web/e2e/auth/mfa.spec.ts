// Accounts with an authenticator app: signing in asks for its code before any aal2 page is reached.
import { expect, test } from '../support/fixtures';
import { enrollTotp, serviceSession } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage } from '../pages/auth';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: sign-in asks for the authenticator code`, async ({ page, user }) => {
    const code = await enrollTotp(page.request, await serviceSession(page.request, user));
    const signIn = new SignInPage(page);
    await signIn.goto(locale);
    await signIn.signIn(user.email, user.password);
    await expect(page.getByTestId('auth-title')).toHaveText(locale === 'zh' ? '两步验证' : 'Two-step verification');
    await signIn.enterTotp('12345');
    await expect(page.getByTestId('field-error')).toHaveText(
      locale === 'zh' ? '请输入短信或邮件中的数字验证码。' : 'Enter the code of digits from the message.',
    );
    const wrong = code() === '000000' ? '111111' : '000000';
    await signIn.enterTotp(wrong);
    // An authenticator's code cannot be asked for again: the message says to enter the current one.
    await expect(page.getByTestId('form-error')).toHaveText(
      locale === 'zh'
        ? '验证码错误或已过期。请输入身份验证器应用当前显示的验证码。'
        : 'The code is wrong or has expired. Enter the code your authenticator app shows now.',
    );
    await signIn.enterTotp(code());
    await expect.poll(() => pathOf(page)).toBe(locale === 'zh' ? '/zh/dashboard' : '/dashboard');
    await expect(page.getByTestId('account-two-step')).toHaveText(locale === 'zh' ? '已开启（1 个身份验证器）' : 'On (1 authenticator)');
  });
}

test('an aal1 session of an account with an authenticator is sent to the code step by guarded pages', async ({ page, user }) => {
  const code = await enrollTotp(page.request, await serviceSession(page.request, user));
  // Signed in with the password only (the API, as a script would), then straight to a guarded page.
  const response = await page.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect((await response.json()).mfa.required).toBe(true);
  await page.goto('/dashboard?x=1');
  await expect.poll(() => pathOf(page)).toBe('/auth/mfa?redirect=%2Fdashboard%3Fx%3D1');
  await new SignInPage(page).enterTotp(code());
  await expect.poll(() => pathOf(page)).toBe('/dashboard?x=1');
  await new DashboardPage(page).expectSignedInAs(user.email);
});
