// Password recovery: the request, the mailed link, choosing a new password — and links that no longer work.
import { expect, test } from '../support/fixtures';
import { latestMessage } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage } from '../pages/auth';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: forgot password → mail → new password → signed in with it`, async ({ page, user }) => {
    const prefix = locale === 'zh' ? '/zh' : '';
    const signIn = new SignInPage(page);
    await signIn.goto(locale);
    await page.getByTestId('forgot-link').click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/auth/forgot-password`);
    await page.getByTestId('forgot-email').fill(user.email);
    await expect(page.getByTestId('forgot-submit')).toBeEnabled();
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toContainText(user.email);
    await expect(page.getByTestId('mailbox-link')).toBeVisible();
    // The service allows one mail a minute; the button says when the next one can go.
    await expect(page.getByTestId('forgot-submit')).toBeDisabled();

    const mail = await latestMessage(page.request, user.email, 'recovery');
    await page.goto(mail.link!);
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/auth/reset-password`);
    await page.getByTestId('reset-password').fill('password1');
    await page.getByTestId('reset-confirm').fill('password1');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('field-error')).toHaveText(
      locale === 'zh' ? '该密码过于常见，容易被猜到。' : 'This password is too common and easy to guess.',
    );
    const fresh = `${user.password}-renewed`;
    await page.getByTestId('reset-password').fill(fresh);
    await page.getByTestId('reset-confirm').fill(`${fresh}x`);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('field-error')).toHaveText(locale === 'zh' ? '两次输入的密码不一致。' : 'The two passwords are not the same.');
    await page.getByTestId('reset-confirm').fill(fresh);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('toast')).toContainText(locale === 'zh' ? '密码已修改' : 'Your password was changed');
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);

    await new DashboardPage(page).signOut();
    await expect.poll(() => pathOf(page)).toBe(prefix || '/');
    await signIn.goto(locale);
    await signIn.signIn(user.email, user.password);
    await expect(signIn.error).toBeVisible();
    await signIn.signIn(user.email, fresh);
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);
  });
}

test('an expired or used link says so, in the reader’s language, with ways forward', async ({ page, baseURL }) => {
  const back = `${baseURL}/api/auth/callback?next=${encodeURIComponent('/zh/auth/reset-password')}`;
  await page.goto(`/platform/auth/v1/verify?token=pkce_${'0'.repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(back)}`);
  // The service sends the browser back to the site with the error; the callback names it.
  await expect.poll(() => pathOf(page)).toBe('/zh/auth/error?error=link_expired&link=recovery');
  await expect(page.getByTestId('link-error')).toHaveText(/该链接已过期或已被使用/);
  await expect(page.getByRole('link', { name: '重新获取重置密码链接' })).toHaveAttribute('href', '/zh/auth/forgot-password');
  // Only the ways forward of a reset link: no sign-up confirmation mail.
  await expect(page.getByTestId('error-resend')).toHaveCount(0);
});

test('the new-password page without a recovery session explains what to do', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByText('To choose a new password, open the link from the password-reset mail.')).toBeVisible();
});
