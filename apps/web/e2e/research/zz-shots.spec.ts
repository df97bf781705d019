import { test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

for (const [locale, width, scheme] of [['en', 1280, 'light'], ['zh', 390, 'dark'], ['en', 390, 'light'], ['zh', 1280, 'dark']] as const) {
  test(`shot ${locale} ${width} ${scheme}`, async ({ page, signedInUser }) => {
    void signedInUser;
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const research = new ResearchPage(page);
    await research.goto(locale);
    await research.search(locale === 'zh' ? '神经网络' : 'neural compression');
    await page.getByTestId('select-page').check();
    await page.screenshot({ path: `/tmp/shots/bar-${locale}-${width}-${scheme}.png` });
    if (width < 500) {
      await page.getByTestId('selection-more').click();
      await page.screenshot({ path: `/tmp/shots/bar-${locale}-${width}-${scheme}-more.png` });
    }
    await page.getByTestId('bulk-collection').selectOption('new');
    await page.screenshot({ path: `/tmp/shots/bar-${locale}-${width}-${scheme}-new.png` });
  });
}
