// Files in and out: exporting a selection of results, checking an uploaded BibTeX file, importing into the library
// and removing from it.
import { expect, test } from '../support/fixtures';
import { downloadedText, LibraryPage, ResearchPage } from '../pages/research';

const bibtex = `@misc{roshtkhari2025neural,
  title = {Neural Architecture Search by Learning a Hierarchical Search Space},
  author = {Roshtkhari, Mehraveh Javan and Toews, Matthew and Pedersoli, Marco},
  year = {2025},
  eprint = {2503.21061},
  archiveprefix = {arXiv}
}
@misc{zafari2019,
  title = {DeCompress: Denoising via Neural Compression},
  author = {Zafari, Ali and Chen, Xi and Jalali, Shirin},
  year = {2019},
  eprint = {2503.22015},
  archiveprefix = {arXiv}
}
@article{broken, title = {Unclosed
`;

test('exports selected results as RIS and as formatted text', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('neural compression');
  await research.results.nth(0).getByTestId('select-result').check();
  await research.results.nth(1).getByTestId('select-result').check();
  await expect(page.getByTestId('selection-bar')).toContainText('2 papers selected');
  const titles = await research.results.getByTestId('result-title').allTextContents();
  await page.getByTestId('export-format').selectOption('ris');
  const ris = await downloadedText(page, () => page.getByTestId('export-download').click());
  expect(ris.name).toBe('citewise-references.ris');
  expect(ris.text.match(/^TY {2}- /gm)).toHaveLength(2);
  expect(ris.text).toContain(titles[0]!);
  await page.getByTestId('export-format').selectOption('text');
  await page.getByTestId('export-style').selectOption('ieee');
  const text = await downloadedText(page, () => page.getByTestId('export-download').click());
  expect(text.name).toBe('citewise-references.txt');
  expect(text.text).toMatch(/^\[1\] /);
  expect(text.text).toContain('[2] ');
});

test('checks an uploaded BibTeX file', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await page.getByTestId('tab-check').click();
  await page.getByTestId('check-file').setInputFiles({ name: 'references.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bibtex) });
  await page.getByTestId('check-submit').click();
  const entries = page.getByTestId('checked-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-status', 'verified');
  await expect(entries.nth(1)).toHaveAttribute('data-status', 'mismatch');
  await expect(entries.nth(2)).toHaveAttribute('data-status', 'unreadable');
});

test('zh: imports a BibTeX file into the library, then removes a paper', async ({ page, signedInUser }) => {
  void signedInUser;
  const library = new LibraryPage(page);
  await library.goto('zh');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await page.getByTestId('library-import').setInputFiles({ name: 'refs.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bibtex) });
  await expect(page.getByTestId('toast')).toContainText('已导入 2 篇论文');
  await expect(library.entries).toHaveCount(2);
  await library.entries.filter({ hasText: 'DeCompress' }).getByTestId('entry-title').click();
  await page.getByTestId('entry-remove').click();
  await expect(library.entries).toHaveCount(1);
  await expect(library.entries.first()).toContainText('Neural Architecture Search');
});
