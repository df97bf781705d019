// My files: a PDF uploaded (with its progress), listed, opened in a new tab from a signed link, renamed and moved
// into a folder, found by search, and deleted after a confirmation; a disallowed type and an oversized file are
// refused before anything is sent, with the reason in the page's language. Both languages; no serious axe issue.
import AxeBuilder from '@axe-core/playwright';
import { FilesPage } from '../pages/files';
import { expect, test } from '../support/fixtures';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

const cases = [
  {
    locale: 'en' as const,
    nav: 'My files',
    file: 'Attention is all you need.pdf',
    renamed: 'Vaswani 2017.pdf',
    folder: 'Transformers',
    search: 'Vas',
    empty: 'No files yet',
    usage: /^0 byte.* of 200 MB used$/,
    typeRefused: 'This type of file cannot be stored here',
    sizeRefused: 'larger than the limit for one file',
    emptyFolder: 'This folder is empty.',
  },
  {
    locale: 'zh' as const,
    nav: '我的文件',
    file: '深度学习综述.pdf',
    renamed: '综述（修订）.pdf',
    folder: '论文/综述',
    search: '综述',
    empty: '还没有文件',
    usage: /^已用 0.*，共 200/,
    typeRefused: '不支持存储此类型的文件',
    sizeRefused: '超过了单个文件的大小上限',
    emptyFolder: '此文件夹为空。',
  },
];

for (const c of cases) {
  test(`${c.locale}: upload, open, rename into a folder, search and delete a PDF; refusals say why`, async ({ page, context, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    const files = new FilesPage(page);
    await files.goto(c.locale);
    await expect(page.getByRole('link', { name: c.nav })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('files-empty')).toContainText(c.empty);
    await expect(page.getByTestId('files-usage')).toHaveText(c.usage);

    await files.choose([
      { name: c.file, mimeType: 'application/pdf', buffer: pdf(c.file) },
      { name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004') },
    ]);
    await expect(files.uploads.filter({ hasText: c.file })).toHaveAttribute('data-status', 'done');
    await expect(files.uploads.filter({ hasText: 'archive.zip' })).toHaveAttribute('data-status', 'failed');
    await expect(files.uploads.filter({ hasText: 'archive.zip' }).getByRole('alert')).toContainText(c.typeRefused);
    await files.dropGenerated('huge.pdf', 'application/pdf', 51 * 1024 * 1024);
    await expect(files.uploads.filter({ hasText: 'huge.pdf' }).getByRole('alert')).toContainText(c.sizeRefused);
    await expect(files.rows).toHaveCount(1);
    await expect(files.row(c.file)).toBeVisible();
    await expect(page.getByTestId('files-usage')).not.toHaveText(c.usage);

    // The PDF opens in a new tab from a signed link, served inline as a PDF (its name reads it in the page).
    const link = files.row(c.file).getByTestId('files-open-tab');
    const href = await link.getAttribute('href');
    expect(href).toContain('/object/sign/files/');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(popup.url()).toContain('/object/sign/files/');
    await popup.close();
    const opened = await page.request.get(href!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('application/pdf');
    expect((await opened.body()).toString()).toContain(c.file);
    const download = await page.request.get(
      await files
        .row(c.file)
        .getByTestId('files-download')
        .getAttribute('href')
        .then((h) => h!),
    );
    expect(download.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(c.file)}`);

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);

    // Rename and move in one step; the folders appear and lead to the file.
    await files.rename(c.file, c.renamed, c.folder);
    await expect(files.rows).toHaveCount(0);
    for (const part of c.folder.split('/')) await page.getByTestId('files-folder').filter({ hasText: part }).click();
    await expect(page.getByTestId('files-breadcrumbs')).toContainText(c.folder.split('/').at(-1)!);
    await expect(files.row(c.renamed)).toBeVisible();

    await files.search.fill(c.search);
    await expect(files.rows).toHaveCount(1);
    await files.search.fill('zzz');
    await expect(page.getByTestId('files-empty')).toBeVisible();
    await files.search.fill('');

    await files.remove(c.renamed);
    await expect(page.getByTestId('files-empty')).toHaveText(c.emptyFolder);
    await expect(page.getByTestId('files-usage')).toHaveText(c.usage);
  });
}
