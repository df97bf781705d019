import { expect, type Locator, type Page } from '@playwright/test';

/** The admin area: its sign-in page, the users list, one account's page and the audit log. */
export class AdminPage {
  readonly search: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByTestId('user-search');
    this.status = page.getByTestId('user-status').first();
  }

  async signIn(email: string, password: string, code: () => string) {
    await expect(this.page.getByTestId('admin-login')).toBeVisible();
    await expect(this.page.getByTestId('signin-submit')).toBeEnabled();
    await this.page.getByTestId('signin-email').fill(email);
    await this.page.getByTestId('signin-password').fill(password);
    await this.page.getByTestId('signin-submit').click();
    await this.page.getByTestId('mfa-code').fill(code());
    await this.page.getByTestId('mfa-submit').click();
  }

  async openUser(email: string) {
    await this.search.fill(email);
    await this.page.getByTestId('user-search-submit').click();
    await expect(this.page.getByTestId('user-row')).toHaveCount(1);
    await this.page.getByTestId('user-link').click();
    await expect(this.page.getByTestId('user-title')).toHaveText(email);
  }

  /** Clicks an action, checks that its confirmation names the account, and confirms. */
  async confirm(action: string, names: string) {
    await this.page.getByTestId(action).click();
    await expect(this.page.getByTestId(`${action}-confirm`)).toContainText(names);
    await this.page.getByTestId(`${action}-yes`).click();
  }

  auditRows(action: string): Locator {
    return this.page.locator(`[data-testid="audit-row"][data-action="${action}"]`);
  }
}
