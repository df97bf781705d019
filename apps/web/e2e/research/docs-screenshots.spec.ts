// Not a check: writes the screenshots of the literature-search guide (content/docs/literature/searching*.mdx) into
// public/docs/literature, from the running product at 1280 and 390 wide, in English and Chinese. Run it after a
// change to the research page: DOCS_SCREENSHOTS=1 npx playwright test e2e/research/docs-screenshots.spec.ts
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

const OUT = path.resolve(import.meta.dirname, '../../public/docs/literature');

test.skip(!process.env.DOCS_SCREENSHOTS, 'writes the docs screenshots only when DOCS_SCREENSHOTS is set');

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: literature search at 1280 and 390 wide`, async ({ page, signedInUser }) => {
    void signedInUser;
    const research = new ResearchPage(page);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await research.goto(locale);
      await research.search(locale === 'zh' ? '水运工程 全过程管理' : 'neural architecture search');
      await expect(research.results.first()).toBeVisible();
      await page.screenshot({ path: path.join(OUT, `search-${width}${locale === 'zh' ? '.zh' : ''}.png`) });
    }
  });
}
