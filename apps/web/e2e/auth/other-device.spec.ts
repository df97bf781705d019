// A password-reset or sign-in link opened in another browser than the one that asked for it (PKCE: the verifier
// stays in the first browser) says so plainly and offers what fits the link: a new link of the same kind.
import { expect, test } from '../support/fixtures';
import { createConfirmedUser, latestMessage } from '../support/accounts';
import { pathOf, SignInPage } from '../pages/auth';

const copy = {
  en: { elsewhere: 'This link was opened in another browser or device', newReset: 'Request a new password-reset link', newSignIn: 'Send a new sign-in link' },
  zh: { elsewhere: '此链接是在与发起请求时不同的浏览器或设备上打开的', newReset: '重新获取重置密码链接', newSignIn: '重新发送登录链接' },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';

  test(`${locale}: a reset link opened on another device says so and offers a new reset link`, async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    const user = await createConfirmedUser(page.request);
    await page.goto(`${prefix}/auth/forgot-password`);
    await page.getByTestId('forgot-email').fill(user.email);
    await expect(page.getByTestId('forgot-submit')).toBeEnabled();
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toBeVisible();
    const mail = await latestMessage(page.request, user.email, 'recovery');

    const phone = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
    await phone.goto(mail.link!);
    await expect.poll(() => pathOf(phone)).toBe(`${prefix}/auth/error?error=link_other_device&link=recovery`);
    await expect(phone.getByTestId('link-error')).toContainText(copy[locale].elsewhere);
    await expect(phone.getByTestId('error-new-reset')).toHaveText(copy[locale].newReset);
    await expect(phone.getByTestId('error-resend')).toHaveCount(0);
    await expect(phone.getByTestId('error-new-signin')).toHaveCount(0);
    await phone.context().close();
  });

  test(`${locale}: a sign-in link opened on another device offers a new sign-in link, which opens the link form`, async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const user = await createConfirmedUser(page.request);
    const signIn = new SignInPage(page);
    await signIn.goto(locale);
    await page.getByTestId('toggle-magic').click();
    await page.getByTestId('magic-email').fill(user.email);
    await page.getByTestId('magic-submit').click();
    await expect(page.getByTestId('magic-sent')).toBeVisible();
    const mail = await latestMessage(page.request, user.email, 'magiclink');

    const phone = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
    await phone.goto(mail.link!);
    await expect.poll(() => pathOf(phone)).toBe(`${prefix}/auth/error?error=link_other_device&link=signin`);
    await expect(phone.getByTestId('link-error')).toContainText(copy[locale].elsewhere);
    await expect(phone.getByTestId('error-resend')).toHaveCount(0);
    await expect(phone.getByTestId('error-new-reset')).toHaveCount(0);
    await phone.getByTestId('error-new-signin').click();
    await expect(phone.getByTestId('magic-email')).toBeVisible();
    await phone.context().close();
  });
}
