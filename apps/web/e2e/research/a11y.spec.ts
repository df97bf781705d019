// The research page (with results, a paper and a checked bibliography) and the library have no serious
// accessibility violation, in both languages and both themes.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LibraryPage, ResearchPage } from '../pages/research';

async function serious(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['en', 'zh'] as const) {
    test(`${locale}, ${theme}: research and library have no serious accessibility violation`, async ({ page, signedInUser }) => {
      void signedInUser;
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      const research = new ResearchPage(page);
      await research.goto(locale);
      await research.search(locale === 'zh' ? '水运工程' : 'neural compression');
      const found = [...(await serious(page, 'results'))];
      await research.results.first().getByTestId('result-title').click();
      await expect(research.panel.getByTestId('citation-text')).toBeVisible();
      found.push(...(await serious(page, 'paper panel')));
      await research.panel.getByTestId('save-paper').click();
      await expect(research.panel.getByTestId('saved-state')).toBeVisible();
      await page.keyboard.press('Escape');
      // One entry of each verdict a local check gives: differs, partly verified, verified with corrections, unchecked.
      await research.checkReferences(
        [
          'Zafari A, Chen X, Jalali S. DeCompress: Denoising via Neural Compression. 2019. arXiv:2503.22015',
          '王建国, 李红梅. 水运工程施工项目全过程管理的有效性探索[J]. 中国港湾建设, 2019, 38(4): 112-118.',
          'Roshtkhari M J, Toews M, Pedersoli M. Neural Architecture Search by Learning a Hierarchical Serach Space. arXiv, 2025.',
          'Quuxley Z. Hyperdimensional gravitational tea brewing with quantum spoons. Journal of Imaginary Results, 2031.',
        ].join('\n'),
      );
      found.push(...(await serious(page, 'check references')));
      await page.getByTestId('save-verified').click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await new LibraryPage(page).goto(locale);
      found.push(...(await serious(page, 'library')));
      expect(found).toEqual([]);
    });
  }
}
