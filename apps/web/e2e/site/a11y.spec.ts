import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { locales, localized, publicPages } from '../pages/public-pages';

const extraPages = ['/no-such-page'];

for (const theme of ['light', 'dark'] as const) {
  for (const locale of locales) {
    test(`every public page in ${locale}, ${theme} mode, has no serious accessibility violation`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: theme });
      const blog = await page.request.get(localized('/blog/rss.xml', locale));
      const firstPost = /<link>[^<]*?(\/(?:zh\/)?blog\/[^<]+)<\/link>/.exec(await blog.text())?.[1];
      const paths = [...publicPages.map((p) => localized(p.path, locale)), localized(extraPages[0]!, locale)];
      if (firstPost) paths.push(firstPost);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /light/);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${path}: ${v.id} (${v.impact}) ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          );
        expect(serious).toEqual([]);
      }
    });
  }
}
