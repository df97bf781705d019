// A results page built for triage: what each row shows and does (PDF, Cite in place, Save), the page's bulk
// actions (select all, save into a collection, copy citations), j/k, maths in titles; an actionable reference-
// check report; Chinese headings that wrap between words.
import { expect, test } from '../support/fixtures';
import { downloadedText, ResearchPage } from '../pages/research';

const TITLE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

test('a row offers the PDF, Cite in place and Save; j/k move through results; a page is saved into a collection and its citations copied', async ({
  page,
  signedInUser,
}) => {
  void signedInUser;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // A collection to save into, made the way the library page makes one.
  const created = await page.request.post('/api/library/collections', { data: { name: 'Thesis' } });
  const { collection } = (await created.json()) as { collection: { id: string } };
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('neural architecture search hierarchical search space');
  const row = research.result(TITLE);
  await expect(row.getByTestId('result-pdf')).toHaveAttribute('href', 'https://arxiv.org/pdf/2503.21061');

  await row.getByTestId('result-cite').click();
  await expect(row.getByTestId('result-cite')).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByTestId('citation-text')).toContainText('Roshtkhari');
  await row.getByTestId('result-cite').click();
  await expect(row.getByTestId('cite-box')).toHaveCount(0);

  await row.getByTestId('save-paper').click();
  // Focus stays on the control that replaced the button.
  await expect(row.getByTestId('saved-state')).toBeFocused();

  // j / k from outside any field: the first result, the next, and back.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await expect(research.results.nth(0).getByTestId('result-title')).toBeFocused();
  await page.keyboard.press('j');
  await expect(research.results.nth(1).getByTestId('result-title')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(research.results.nth(0).getByTestId('result-title')).toBeFocused();

  const count = await research.results.count();
  await page.getByTestId('select-page').check();
  await expect(page.getByTestId('selection-bar')).toContainText(`${count} papers selected`);
  await page.getByTestId('bulk-collection').selectOption({ label: 'Thesis' });
  await page.getByTestId('bulk-save').click();
  await expect(page.getByTestId('toast').getByText(`${count} papers saved to “Thesis”`)).toBeVisible();
  await expect(research.results.getByTestId('save-paper')).toHaveCount(0);
  const inCollection = await (await page.request.get(`/api/library/papers?collection=${collection.id}`)).json();
  expect(inCollection.entries).toHaveLength(count);

  await page.getByTestId('bulk-copy-style').selectOption('apa');
  await page.getByTestId('bulk-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('Roshtkhari, M. J.');
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n').length).toBeGreaterThanOrEqual(count);
});

test('LaTeX in a title is typeset, not shown as source', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('SpikeVideoFormer spike-driven video transformer hamming attention');
  const title = research.result(/^SpikeVideoFormer/).getByTestId('result-title');
  await expect(title.locator('.katex')).toHaveCount(1);
  // The TeX source stays only in KaTeX's MathML annotation for assistive technology; no dollar signs are shown.
  await expect(title).not.toContainText('$');
  await expect(title.locator('.katex-html')).toBeVisible();
});

test('zh: the check report opens the matched record, copies corrected references, saves the found papers and downloads', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const research = new ResearchPage(page);
  await research.goto('zh');
  const entries = await research.checkReferences(
    [
      `[1] Roshtkhari M J, Toews M, Pedersoli M. ${TITLE}. arXiv, 2025. arXiv:2503.21061`,
      '[2] Zafari A, Chen X, Jalali S. DeCompress: Denoising via Neural Compression. arXiv, 2019. arXiv:2503.22015',
      '[3] Quuxley Z, Fenwhistle B. Hyperdimensional gravitational tea brewing with quantum spoons. Journal of Imaginary Results, 2031.',
    ].join('\n'),
  );
  await expect(entries).toHaveCount(3);

  await entries.nth(1).getByTestId('matched-record').click();
  const panel = page.getByTestId('check-paper-panel');
  await expect(panel.getByTestId('paper-title')).toHaveText('DeCompress: Denoising via Neural Compression');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The mismatched entry, corrected from its record (year 2025), in GB/T 7714 by default in Chinese.
  await entries.nth(1).getByTestId('copy-corrected').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\[1\] ZAFARI A.*2025/);
  await page.getByTestId('copy-corrected-list').click();
  await expect(page.getByTestId('toast').getByText('1 条未匹配到记录的条目未包含在内。')).toBeVisible();
  const list = await page.evaluate(() => navigator.clipboard.readText());
  expect(list).toContain('ROSHTKHARI');
  expect(list).toContain('ZAFARI');
  expect(list).not.toContain('Quuxley');

  await page.getByTestId('save-verified').click();
  await expect(page.getByTestId('toast').getByText('已将 1 篇论文连同核查结果保存到文献库')).toBeVisible();

  const report = await downloadedText(page, () => page.getByTestId('export-report').click());
  expect(report.name).toBe('citewise-reference-check.csv');
  const rows = report.text.trimEnd().split('\r\n');
  expect(rows[0]).toBe('index,reference,status,matched_title,matched_year,doi,arxiv_id,differences,not_in_record,sources_answered,sources_silent');
  expect(rows).toHaveLength(4);
  expect(rows[2]).toContain(',mismatch,DeCompress: Denoising via Neural Compression,2025,');
  expect(rows[3]).toContain(',unchecked,');
});

test('zh: on a phone the home headline wraps between words, and the demo card speaks Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/zh');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('只引用真实论文的科研助手');
  // Each word is one unbreakable box: 论文 is never split across lines.
  const word = heading.locator('span', { hasText: /^论文$/ });
  expect(await word.evaluate((element) => element.getClientRects().length)).toBe(1);
  await expect(page.getByText('CVPR 2016 · 年份 2015 → 2016')).toBeVisible();
  await expect(page.getByText('OpenAlex、Crossref 与 arXiv 中均无此记录')).toBeVisible();
});
