// The in-page PDF reader on a long PDF: pages scrolled through continuously (the page number follows the scroll,
// only the pages near the view are drawn), "go to page", and find (Ctrl+F, Enter / Shift+Enter, Escape) over the
// whole PDF with its matches marked, in English and in Chinese, light and dark, at 1280 and 390 px wide.
import { FilesPage } from '../pages/files';
import { PdfReader } from '../pages/pdf-reader';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';
import { makePdf } from '../support/pdf';

const PAGES = 40;
const cases = [
  {
    locale: 'en' as const,
    script: 'latin' as const,
    theme: 'light' as const,
    width: 1280,
    file: 'Long paper.pdf',
    line: (n: number) => (n === 4 || n === 33 ? `Section ${n} on the Transformer model` : `Section ${n} on recurrent networks`),
    query: 'transformer',
    page: (n: number) => `Page ${n} of ${PAGES}`,
    count: (i: number) => `${i} of 2`,
    none: 'No matches',
  },
  {
    locale: 'zh' as const,
    script: 'chinese' as const,
    theme: 'dark' as const,
    width: 390,
    file: '长论文.pdf',
    line: (n: number) => (n === 4 || n === 33 ? `第${n}节 注意力机制模型` : `第${n}节 循环神经网络`),
    query: '注意力',
    page: (n: number) => `第 ${n} 页，共 ${PAGES} 页`,
    count: (i: number) => `第 ${i} 个，共 2 个`,
    none: '没有匹配',
  },
];

for (const c of cases) {
  test(`${c.locale}: a long PDF scrolls continuously, goes to a page and finds text (${c.theme}, ${c.width} px)`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: c.theme });
    await page.setViewportSize({ width: c.width, height: c.width > 600 ? 800 : 844 });
    const files = new FilesPage(page);
    await files.goto(c.locale);
    const lines = Array.from({ length: PAGES }, (_, i) => c.line(i + 1));
    await files.choose([{ name: c.file, mimeType: 'application/pdf', buffer: makePdf(lines, c.script) }]);
    // A 40-page upload can take a while on a busy machine.
    await expect(files.row(c.file)).toBeVisible({ timeout: 30_000 });
    await files.preview(c.file);
    const reader = new PdfReader(page);
    await expect(reader.pageNumber).toHaveText(c.page(1));
    await expect(reader.text(1)).toContainText(lines[0]!);
    expect(await sidewaysOverflow(page)).toBeNull();

    // Scrolled to the end: the last page is drawn and current, and only the pages near the view are drawn.
    await reader.scrollToEnd();
    await expect(reader.pageNumber).toHaveText(c.page(PAGES));
    await expect(reader.text(PAGES)).toContainText(lines[PAGES - 1]!);
    await expect(reader.dialog).toHaveAttribute('data-rendered-page', String(PAGES));
    await expect(reader.drawnPage(1)).toHaveCount(0);
    expect(await reader.dialog.getByTestId('pdf-page').count()).toBeLessThan(15);

    // Go to a page by its number; ← and → step from there.
    await reader.goToPage(20);
    await expect(reader.pageNumber).toHaveText(c.page(20));
    await expect(reader.text(20)).toContainText(lines[19]!);
    await reader.scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect(reader.pageNumber).toHaveText(c.page(21));
    await expect(reader.dialog).toHaveAttribute('data-rendered-page', '21');

    // Find: the first match is current and in view on its page, Enter goes on, Shift+Enter back.
    await reader.find(c.query);
    await expect(reader.findCount).toHaveText(c.count(1));
    await expect(reader.pageNumber).toHaveText(c.page(4));
    await expect(reader.text(4).locator('mark.pdf-match[data-current]')).toHaveText(new RegExp(c.query, 'i'));
    await expect(reader.currentMatch).toBeInViewport();
    await reader.findInput.press('Enter');
    await expect(reader.findCount).toHaveText(c.count(2));
    await expect(reader.pageNumber).toHaveText(c.page(33));
    await expect(reader.text(33).locator('mark.pdf-match[data-current]')).toBeInViewport();
    await reader.findInput.press('Shift+Enter');
    await expect(reader.findCount).toHaveText(c.count(1));
    await expect(reader.text(4).locator('mark.pdf-match[data-current]')).toBeInViewport();
    expect(await sidewaysOverflow(page)).toBeNull();
    await reader.findInput.fill('zzzz');
    await expect(reader.findCount).toHaveText(c.none);
    await expect(reader.dialog.locator('mark.pdf-match')).toHaveCount(0);

    // Escape closes find (the reader stays), a second Escape the reader.
    await reader.findInput.press('Escape');
    await expect(reader.findInput).toBeHidden();
    await expect(reader.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reader.dialog).toBeHidden();
  });
}
