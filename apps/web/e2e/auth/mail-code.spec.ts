// The code at the end of sign-up, sign-in-link and password-reset mails, typed on the "check your inbox" screen
// instead of opening the link (which only works in the browser that asked for it) — in English and Chinese.
import { expect, test } from '../support/fixtures';
import { createConfirmedUser, latestMessage, PASSWORD, uniqueEmail } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage, SignUpPage } from '../pages/auth';

const copy = {
  en: { sendAgain: /^Send again in \d+ seconds?$/ },
  zh: { sendAgain: /^\d+ 秒后可重新发送$/ },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';

  test(`${locale}: the sign-up mail's code confirms the account and signs in on the same screen`, async ({ page }) => {
    const email = uniqueEmail(`code-signup-${locale}`);
    const signUp = new SignUpPage(page);
    await signUp.goto(locale);
    await signUp.signUp(email, PASSWORD);
    await expect(page.getByTestId('check-email')).toBeVisible();
    const mail = await latestMessage(page.request, email, 'signup');
    expect(mail.token).toMatch(/^\d{6}$/);
    const wrong = mail.token === '000000' ? '111111' : '000000';
    await page.getByTestId('mail-code').fill(wrong);
    await page.getByTestId('mail-code-submit').click();
    await expect(page.getByTestId('mail-code-error')).toBeVisible();
    await page.getByTestId('mail-code').fill(mail.token);
    await page.getByTestId('mail-code-submit').click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);
    await new DashboardPage(page).expectSignedInAs(email);
  });

  test(`${locale}: the sign-in mail's code signs in, and the wait before another mail is not called a code`, async ({ page }) => {
    const user = await createConfirmedUser(page.request);
    const signIn = new SignInPage(page);
    await signIn.goto(locale);
    await page.getByTestId('toggle-magic').click();
    await page.getByTestId('magic-email').fill(user.email);
    await page.getByTestId('magic-submit').click();
    await expect(page.getByTestId('magic-sent')).toContainText(user.email);
    await expect(page.getByTestId('magic-submit')).toHaveText(copy[locale].sendAgain);
    const mail = await latestMessage(page.request, user.email, 'magiclink');
    await page.getByTestId('mail-code').fill(mail.token);
    await page.getByTestId('mail-code-submit').click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);
    await new DashboardPage(page).expectSignedInAs(user.email);
  });

  test(`${locale}: the password-reset mail's code leads to choosing a new password`, async ({ page }) => {
    const user = await createConfirmedUser(page.request);
    await page.goto(`${prefix}/auth/forgot-password`);
    await page.getByTestId('forgot-email').fill(user.email);
    await expect(page.getByTestId('forgot-submit')).toBeEnabled();
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toContainText(user.email);
    await expect(page.getByTestId('forgot-submit')).toHaveText(copy[locale].sendAgain);
    const mail = await latestMessage(page.request, user.email, 'recovery');
    await page.getByTestId('mail-code').fill(mail.token);
    await page.getByTestId('mail-code-submit').click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/auth/reset-password`);
    const fresh = `${PASSWORD}-renewed`;
    await page.getByTestId('reset-password').fill(fresh);
    await page.getByTestId('reset-confirm').fill(fresh);
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => pathOf(page)).toBe(`${prefix}/dashboard`);
  });
}
