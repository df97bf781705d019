// Signing in with a code by SMS: the code arrives in the dev mailbox (no SMS provider here).
import { expect, test } from '../support/fixtures';
import { latestMessage, uniquePhone } from '../support/accounts';
import { pathOf, SignInPage } from '../pages/auth';

const copy = {
  en: { sent: 'Verification code sent', resendIn: /^New code in \d+ seconds?$/, wrong: 'The code is wrong or has expired. Check it, or ask for a new one.' },
  zh: { sent: '验证码已发送', resendIn: /^\d+ 秒后可重新获取$/, wrong: '验证码错误或已过期，请检查后重试，或重新获取。' },
} as const;

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: a phone code sign-in through the SMS mailbox`, async ({ page }) => {
    const c = copy[locale];
    const phone = uniquePhone();
    const signIn = new SignInPage(page);
    await signIn.goto(locale);
    await signIn.choosePhone();
    await signIn.sendCode(phone.replace(/^\+86/, '+86 ').replace(/(\d{3})(\d{4})(\d+)$/, '$1 $2 $3'));
    await expect(page.getByTestId('toast')).toContainText(c.sent);
    await expect(page.getByTestId('sms-resend')).toHaveText(c.resendIn);
    await expect(page.getByTestId('sms-resend')).toBeDisabled();
    await expect(page.getByTestId('mailbox-link')).toBeVisible();

    const sms = await latestMessage(page.request, phone.slice(1), 'sms');
    expect(sms.channel).toBe('sms');
    expect(sms.token).toMatch(/^\d{6}$/);
    const wrong = sms.token === '000000' ? '111111' : '000000';
    await signIn.enterSmsCode(wrong);
    await expect(page.getByTestId('form-error')).toHaveText(c.wrong);
    await signIn.enterSmsCode(sms.token);
    await expect.poll(() => pathOf(page)).toBe(locale === 'zh' ? '/zh/dashboard' : '/dashboard');
    await expect(page.getByTestId('account-identity')).toHaveText(phone);
  });
}

test('a phone number in the wrong format is explained before anything is sent', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.choosePhone();
  await signIn.sendCode('0123');
  await expect(page.getByTestId('field-error')).toHaveText(/international format/);
  // The right shape, but no such number: "12" would have been texted as +12.
  await signIn.sendCode('12');
  await expect(page.getByTestId('field-error')).toHaveText(/^This is not a valid phone number\./);
});

test('zh: a number that does not exist is refused, in Chinese', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto('zh');
  await signIn.choosePhone();
  await signIn.sendCode('+86 138 00');
  await expect(page.getByTestId('field-error')).toHaveText(/^这不是有效的手机号。/);
});
