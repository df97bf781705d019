import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { localized, type Locale } from './public-pages';

export type SettingsTab = 'profile' | 'account' | 'security' | 'data';

const paths: Record<SettingsTab, string> = {
  profile: '/dashboard/settings',
  account: '/dashboard/settings/account',
  security: '/dashboard/settings/security',
  data: '/dashboard/settings/data',
};

/** The account settings pages (/dashboard/settings/*). */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async goto(tab: SettingsTab, locale: Locale = 'en') {
    await this.page.goto(localized(paths[tab], locale));
    await expect(this.page.getByTestId(`settings-nav-${tab}`)).toHaveAttribute('aria-current', 'page');
    // The sections render once the browser has read the session.
    await expect(this.page.getByTestId('settings-loading')).toHaveCount(0);
  }

  /** Serious or critical accessibility violations on the page as it is. */
  async seriousViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}
