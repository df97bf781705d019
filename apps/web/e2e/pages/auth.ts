import { expect, type Locator, type Page } from '@playwright/test';
import { localized, type Locale } from './public-pages';

/** The sign-in page (/auth/signin), in either language. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByTestId('signin-email');
    this.password = page.getByTestId('signin-password');
    this.submit = page.getByTestId('signin-submit');
    this.error = page.getByTestId('form-error');
  }

  async goto(locale: Locale = 'en', query = '') {
    await this.page.goto(`${localized('/auth/signin', locale)}${query}`);
    await this.ready();
  }

  /** The form works once the page is interactive (its button is disabled until then). */
  async ready() {
    await expect(this.submit).toBeEnabled();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  async choosePhone() {
    // The radio itself is visually hidden inside its label.
    await this.page.getByTestId('signin-method-phone').check({ force: true });
  }

  async sendCode(phone: string) {
    await this.page.getByTestId('phone-input').fill(phone);
    await this.page.getByTestId('phone-send').click();
  }

  async enterSmsCode(code: string) {
    await this.page.getByTestId('sms-code').fill(code);
    await this.page.getByTestId('sms-submit').click();
  }

  async enterTotp(code: string) {
    await this.page.getByTestId('mfa-code').fill(code);
    await this.page.getByTestId('mfa-submit').click();
  }
}

/** The sign-up page (/auth/signup). */
export class SignUpPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByTestId('signup-email');
    this.password = page.getByTestId('signup-password');
    this.submit = page.getByTestId('signup-submit');
  }

  async goto(locale: Locale = 'en', query = '') {
    await this.page.goto(`${localized('/auth/signup', locale)}${query}`);
    await expect(this.submit).toBeEnabled();
  }

  strength(reason: 'length' | 'characters' | 'pwned'): Locator {
    return this.page.getByTestId(`strength-${reason}`);
  }

  async signUp(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** The signed-in area (/dashboard and the layout around it). */
export class DashboardPage {
  readonly greeting: Locator;
  readonly userMenu: Locator;

  constructor(readonly page: Page) {
    this.greeting = page.getByTestId('dashboard-greeting');
    this.userMenu = page.getByTestId('user-menu');
  }

  async expectSignedInAs(identity: string) {
    await expect(this.page.getByTestId('account-identity')).toHaveText(identity);
  }

  async signOut() {
    await this.userMenu.click();
    await this.page.getByTestId('sign-out').click();
  }
}

/** The path of the page, without origin, as a string (`/zh/dashboard?x=1`). */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
