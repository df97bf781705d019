// Sign-up as a researcher goes through it: the form with live password feedback, the confirmation mail in
// the dev mailbox, the link, /auth/verify-success, signing in, the dashboard — in English and Chinese.
import { expect, test } from '../support/fixtures';
import { latestMessage, PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts';
import { DashboardPage, pathOf, SignInPage, SignUpPage } from '../pages/auth';
import { localized } from '../pages/public-pages';

const copy = {
  en: { sent: 'Registration email sent, please check', checkEmail: 'Check your inbox', confirmed: 'Your email is confirmed', greeting: /^Welcome, / },
  zh: { sent: '注册邮件已发送，请查收', checkEmail: '请查收邮件', confirmed: '你的邮箱已确认', greeting: /^欢迎，/ },
} as const;

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: sign up, confirm from the dev mailbox in another browser, sign in, reach the dashboard`, async ({ page, browser, extraHTTPHeaders }) => {
    const c = copy[locale];
    const email = uniqueEmail(`signup-${locale}`);
    const signUp = new SignUpPage(page);
    await signUp.goto(locale);
    await signUp.signUp(email, PASSWORD);
    await expect(page.getByTestId('toast')).toContainText(c.sent);
    await expect(page.getByTestId('auth-title')).toHaveText(c.checkEmail);
    await expect(page.getByText(email)).toBeVisible();
    // No mail provider here: the page says where the mail went.
    await expect(page.getByTestId('mailbox-link')).toHaveAttribute('href', `/platform/mailbox?to=${encodeURIComponent(email)}`);

    const mail = await latestMessage(page.request, email, 'signup');
    expect(mail.subject).toMatch(locale === 'zh' ? /确认/ : /Confirm/);
    expect(mail.link).toBeTruthy();

    // The mail is opened on another device: the address is confirmed there, and signing in is up to the person.
    const other = await browser.newContext({ locale: locale === 'zh' ? 'zh-CN' : 'en-US', extraHTTPHeaders });
    const phone = await other.newPage();
    await phone.goto(mail.link!);
    await expect(phone).toHaveURL(new RegExp(`${localized('/auth/verify-success', locale)}$`));
    await expect(phone.getByTestId('verify-success-title')).toHaveText(c.confirmed);
    await phone.getByTestId('verify-success-continue').click();
    await expect(phone).toHaveURL(new RegExp(`${localized('/auth/signin', locale)}$`));
    const signIn = new SignInPage(phone);
    await signIn.ready();
    await signIn.signIn(email, PASSWORD);
    await expect(phone).toHaveURL(new RegExp(`${localized('/dashboard', locale)}$`));
    const dashboard = new DashboardPage(phone);
    await expect(dashboard.greeting).toHaveText(c.greeting);
    await dashboard.expectSignedInAs(email);
    await expect(phone.getByTestId('plan-badge')).toHaveCount(0); // inside the closed menu
    await dashboard.userMenu.click();
    await expect(phone.getByTestId('plan-badge')).toHaveAttribute('data-plan', 'free');
    await other.close();
  });
}

test('the confirmation link signs in the browser that signed up, and works only once', async ({ page }) => {
  const email = uniqueEmail('same-browser');
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.signUp(email, PASSWORD);
  await expect(page.getByTestId('check-email')).toBeVisible();
  const mail = await latestMessage(page.request, email, 'signup');
  await page.goto(mail.link!);
  await expect(page.getByTestId('verify-success-title')).toBeVisible();
  await page.getByTestId('verify-success-continue').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await new DashboardPage(page).expectSignedInAs(email);

  await page.goto(mail.link!);
  await expect.poll(() => pathOf(page)).toBe('/auth/error?error=link_expired&link=signup');
  await expect(page.getByTestId('link-error')).toContainText('This link has expired or was already used');
});

test('the password gets live feedback in the auth service’s terms, and its reasons on submit', async ({ page }) => {
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await expect(signUp.strength('length')).toHaveAttribute('data-state', 'pending');
  await signUp.password.fill('abc');
  await expect(signUp.strength('length')).toHaveAttribute('data-state', 'unmet');
  await signUp.password.fill('password');
  await expect(signUp.strength('length')).toHaveAttribute('data-state', 'met');
  await expect(signUp.strength('pwned')).toHaveAttribute('data-state', 'unmet');
  await signUp.password.fill(PASSWORD);
  await expect(signUp.strength('pwned')).toHaveAttribute('data-state', 'met');

  // Submitting a common password anyway: the service refuses it and says why.
  await signUp.email.fill(uniqueEmail('weak'));
  await signUp.password.fill('qwerty123');
  await signUp.submit.click();
  await expect(page.getByTestId('field-error')).toHaveText('This password is too common and easy to guess.');
  await expect(signUp.strength('pwned')).toHaveAttribute('data-state', 'unmet');
});

test('in Chinese, a form without credentials gets the spec’s rule in Chinese', async ({ page }) => {
  const signUp = new SignUpPage(page);
  await signUp.goto('zh');
  await signUp.submit.click();
  await expect(page.getByTestId('form-error')).toHaveText('请提供邮箱或手机号，以及密码');
  await signUp.email.fill('not-an-email');
  await signUp.password.fill(PASSWORD);
  await signUp.submit.click();
  await expect(page.getByTestId('field-error')).toHaveText('请输入有效的邮箱地址，例如 name@university.edu。');
});

test('the plan chosen on the pricing page travels into sign-up and is kept with the account', async ({ page }) => {
  await page.goto('/zh/pricing');
  await page.getByTestId('interval-yearly').check({ force: true });
  await page.getByRole('link', { name: '选择专业版' }).click();
  await expect(page).toHaveURL(/\/zh\/auth\/signup\?plan=pro&interval=yearly&currency=cny$/);
  await expect(page.getByTestId('plan-choice-summary')).toHaveText(/专业版 · 按年 · 每年 ¥680/);

  const email = uniqueEmail('pro-choice');
  const signUp = new SignUpPage(page);
  await expect(signUp.submit).toBeEnabled();
  await signUp.signUp(email, PASSWORD);
  await expect(page.getByTestId('check-email')).toBeVisible();
  const mail = await latestMessage(page.request, email, 'signup');
  const verified = await page.request.post('/platform/auth/v1/verify', { data: { type: 'signup', email, token: mail.token } });
  const { user } = (await verified.json()) as { user: { user_metadata: Record<string, unknown> } };
  expect(user.user_metadata).toMatchObject({ locale: 'zh', signup_plan: { plan: 'pro', interval: 'yearly', currency: 'cny' } });
});

test('sign-up with a phone number is confirmed by the code from the SMS', async ({ page }) => {
  const phone = uniquePhone();
  const signUp = new SignUpPage(page);
  await signUp.goto('zh');
  await page.getByTestId('signup-method-phone').check({ force: true });
  await page.getByTestId('signup-phone').fill(phone);
  await signUp.password.fill(PASSWORD);
  await signUp.submit.click();
  await expect(page.getByTestId('toast')).toContainText('验证码已发送');
  await expect(page.getByTestId('auth-title')).toHaveText('确认你的手机号');
  const sms = await latestMessage(page.request, phone.slice(1), 'sms');
  await page.getByTestId('sms-code').fill(sms.token);
  await page.getByTestId('sms-submit').click();
  await expect.poll(() => pathOf(page)).toBe('/zh/dashboard');
  await expect(page.getByTestId('account-identity')).toHaveText(phone);
});
