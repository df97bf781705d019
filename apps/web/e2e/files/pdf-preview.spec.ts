// A PDF read inside the page: uploaded to My files, previewed there (pdf.js under the page's nonce policy, pages
// turned, Escape closes and focus returns; a Chinese PDF without embedded fonts read through pdf.js's character maps), attached to a library paper from My files and opened from that paper,
// still attached under its new name after a rename and move, and a second PDF uploaded from the paper itself. An
// empty folder made with "New folder" can be deleted; one with files in it is kept. Both languages; axe clean.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { testPapers } from '../../test/fixtures/papers';
import { FilesPage } from '../pages/files';
import { expect, test } from '../support/fixtures';
import { makePdf } from '../support/pdf';

const cases = [
  {
    locale: 'en' as const,
    script: 'latin' as const,
    text: ['Attention page one', 'Attention page two'],
    file: 'Attention notes.pdf',
    second: 'Appendix.pdf',
    renamed: 'Vaswani 2017.pdf',
    folder: 'Reading',
    page: 'Page 2 of 2',
    emptyFolder: 'Empty',
    notEmpty: 'is not empty',
  },
  {
    locale: 'zh' as const,
    script: 'chinese' as const,
    text: ['注意力机制第一页', '注意力机制第二页'],
    file: '注意力笔记.pdf',
    second: '附录.pdf',
    renamed: '瓦斯瓦尼 2017.pdf',
    folder: '阅读',
    page: '第 2 页，共 2 页',
    emptyFolder: '空文件夹',
    notEmpty: '不是空的',
  },
];

async function seriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const c of cases) {
  test(`${c.locale}: a PDF is read in the page, attached to a library paper and opened from it`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy|Refused/i.test(message.text())) errors.push(message.text());
    });
    const saved = await page.request.post('/api/library/papers', { data: { paper: testPapers[0] } });
    expect(saved.status()).toBe(200);

    const files = new FilesPage(page);
    await files.goto(c.locale);
    await files.choose([{ name: c.file, mimeType: 'application/pdf', buffer: makePdf(c.text, c.script) }]);
    await expect(files.row(c.file)).toBeVisible();
    await expect(files.row(c.file)).toContainText(/bytes|字节|kB/);

    // Read in the page: the first page drawn with its text, the second scrolled to by "next", Escape back to the row.
    const viewer = await files.preview(c.file);
    await expect(viewer.getByTestId('pdf-viewer-title')).toHaveText(c.file);
    await expect(viewer.locator('[data-testid="pdf-page"][data-page="1"]').getByTestId('pdf-text')).toContainText(c.text[0]!);
    await viewer.getByTestId('pdf-viewer-next').click();
    await expect(viewer).toHaveAttribute('data-rendered-page', '2');
    await expect(viewer.getByTestId('pdf-viewer-page')).toHaveText(c.page);
    await expect(viewer.locator('[data-testid="pdf-page"][data-page="2"]').getByTestId('pdf-text')).toContainText(c.text[1]!);
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(files.row(c.file).getByTestId('files-open')).toBeFocused();

    // Folders: an empty one made with "New folder" goes; one holding a file stays.
    await files.createFolder(c.emptyFolder);
    await files.folder(c.emptyFolder).getByTestId('files-folder-delete').click();
    await files.folder(c.emptyFolder).getByTestId('files-folder-confirm-delete').click();
    await expect(files.folder(c.emptyFolder)).toHaveCount(0);

    // Attach it to the paper from My files, then open it from the paper.
    await page.goto(c.locale === 'zh' ? '/zh/dashboard/library' : '/dashboard/library');
    await page.getByTestId('entry-title').first().click();
    const panel = page.getByTestId('paper-panel');
    const attached = panel.getByTestId('paper-file');
    // The first call of a route on a just-started server under load can take a while.
    await expect(panel.getByTestId('paper-files-empty')).toBeVisible({ timeout: 30_000 });
    await panel.getByTestId('paper-file-choose').click();
    await panel.locator(`[data-testid="paper-file-option"][data-name="${c.file}"]`).click();
    await expect(attached).toHaveCount(1);
    await expect(attached).toHaveAttribute('data-name', c.file);
    await attached.getByTestId('paper-file-read').click();
    const fromPaper = page.getByTestId('pdf-viewer');
    await expect(fromPaper).toHaveAttribute('data-rendered-page', '1');
    await expect(fromPaper.locator('[data-testid="pdf-page"][data-page="1"]').getByTestId('pdf-text')).toContainText(c.text[0]!);
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(fromPaper).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(attached.getByTestId('paper-file-read')).toBeFocused();

    // A second PDF uploaded from the paper lands in My files and on the paper.
    await panel.getByTestId('paper-file-input').setInputFiles({ name: c.second, mimeType: 'application/pdf', buffer: makePdf(['Appendix A']) });
    await expect(attached).toHaveCount(2);
    await expect(panel.locator(`[data-testid="paper-file"][data-name="${c.second}"]`)).toBeVisible();

    // Renamed and moved in My files, the first PDF is still the paper's; its folder can't be deleted while it is there.
    await files.goto(c.locale);
    await files.rename(c.file, c.renamed, c.folder);
    await expect(files.folder(c.folder)).toBeVisible();
    await files.folder(c.folder).getByTestId('files-folder-delete').click();
    await files.folder(c.folder).getByTestId('files-folder-confirm-delete').click();
    await expect(files.folder(c.folder).getByRole('alert')).toContainText(c.notEmpty);
    await page.goto(c.locale === 'zh' ? '/zh/dashboard/library' : '/dashboard/library');
    await page.getByTestId('entry-title').first().click();
    await expect(panel.locator(`[data-testid="paper-file"][data-name="${c.renamed}"]`)).toContainText(c.folder);
    await panel.locator(`[data-testid="paper-file"][data-name="${c.renamed}"]`).getByTestId('paper-file-read').click();
    await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-rendered-page', '1');
    expect(errors).toEqual([]);
  });
}
