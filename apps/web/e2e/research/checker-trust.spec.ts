// The checker certifies only what it compared: invented metadata on a real Chinese title is partly verified with
// the unchecked fields named (and kept by the corrected reference), a spelling slip is shown with the record's
// value and corrected on copy, and a paper saved from search carries its verdict, date and sources into the
// library — each after a reload too.
import { expect, test } from '../support/fixtures';
import { LibraryPage, ResearchPage } from '../pages/research';

// In the bundled corpus with its title only: no authors, year or journal.
const ZH_TITLE = '水运工程施工项目全过程管理的有效性探索';
const INVENTED = `王建国, 李红梅. ${ZH_TITLE}[J]. 中国港湾建设, 2019, 38(4): 112-118.`;
const TITLE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

test('zh: invented metadata on a real Chinese title is partly verified, names what could not be checked, and is kept when corrected and saved', async ({
  page,
  signedInUser,
}) => {
  void signedInUser;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const research = new ResearchPage(page);
  await research.goto('zh');
  const entries = await research.checkReferences(INVENTED);
  const entry = entries.first();
  await expect(entry).toHaveAttribute('data-status', 'partial');
  await expect(entry.getByTestId('entry-status')).toHaveText('部分核实');
  await expect(entry.getByTestId('verdict-why')).toHaveText(
    '标题已找到；作者、年份、期刊、卷、期和页码无法核查：没有任何记录包含这些信息。更正后的引用按你的原文保留它们，标为未确认。',
  );
  const row = (field: string) => entry.locator(`[data-testid="field-row"][data-field="${field}"]`);
  await expect(row('title')).toHaveAttribute('data-verdict', 'matched');
  for (const field of ['authors', 'year', 'container', 'volume', 'issue', 'pages']) await expect(row(field)).toHaveAttribute('data-verdict', 'not_in_record');
  await expect(row('authors')).toContainText('王建国, 李红梅');
  await expect(row('authors').getByTestId('field-record')).toHaveText('没有记录包含此项：未核查');
  await expect(page.getByTestId('check-summary')).toHaveText('0 条已核实 · 1 条部分核实 · 0 条信息不符 · 0 条未找到 · 0 条无法核查');

  // The corrected reference is the user's, whole — not `标题[J].` — and the message says what is unconfirmed.
  await entry.getByTestId('copy-corrected').click();
  await expect(page.getByTestId('toast')).toContainText('以下内容按你的原文保留，未经确认：作者、年份、期刊、卷、期和页码。');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`[1] ${INVENTED}`);

  // A reload shows the tab's last report again.
  await page.reload();
  await page.getByTestId('tab-check').click();
  await expect(page.getByTestId('check-text')).toHaveValue(INVENTED);
  await expect(page.getByTestId('checked-entry').first()).toHaveAttribute('data-status', 'partial');

  // Saved, the library shows the same state for the same reference, and keeps it after a reload.
  await page.getByTestId('save-verified').click();
  await expect(page.getByTestId('toast').getByText('已将 1 篇论文连同核查结果保存到文献库')).toBeVisible();
  const library = new LibraryPage(page);
  await library.goto('zh');
  const saved = library.entries.filter({ hasText: ZH_TITLE });
  await expect(saved.getByTestId('entry-verdict')).toHaveAttribute('data-status', 'partial');
  await expect(saved.getByTestId('entry-verdict')).toHaveText('部分核实');
  await expect(saved.getByTestId('entry-unconfirmed')).toHaveText('没有记录包含、未核查：作者、年份、期刊、卷、期和页码');
  await page.reload();
  await expect(library.entries.filter({ hasText: ZH_TITLE }).getByTestId('entry-verdict')).toHaveAttribute('data-status', 'partial');
});

test('a title with two letters swapped is verified with corrections, shown with the record’s title, and fixed on copy', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const research = new ResearchPage(page);
  await research.goto();
  const slipped = TITLE.replace('Search Space', 'Serach Space');
  const entries = await research.checkReferences(`Roshtkhari M J, Toews M, Pedersoli M. ${slipped}. arXiv, 2025.`);
  const entry = entries.first();
  await expect(entry).toHaveAttribute('data-status', 'corrected');
  await expect(entry.getByTestId('entry-status')).toHaveText('Verified with corrections');
  await expect(entry.getByTestId('verdict-why')).toContainText('Found in Local corpus, with slips in: title.');
  const title = entry.locator('[data-testid="field-row"][data-field="title"]');
  await expect(title).toHaveAttribute('data-verdict', 'slip');
  await expect(title.getByTestId('field-verdict')).toHaveText('Slip, corrected');
  await expect(title.getByTestId('field-record')).toHaveText(TITLE);
  await expect(page.getByTestId('check-summary')).toHaveText(
    '0 verified · 1 verified with corrections · 0 with differences · 0 not found · 0 could not be checked',
  );

  await entry.getByTestId('copy-corrected').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(TITLE);
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain('Serach');
});

for (const c of [
  {
    locale: 'en' as const,
    query: 'neural architecture search hierarchical search space',
    title: TITLE,
    status: 'Verified',
    checked: /^Checked [A-Z][a-z]{2} \d{1,2}, \d{4} · found in Local corpus$/,
    rechecked: 'Checked: Verified',
  },
  {
    locale: 'zh' as const,
    query: '水运工程 全过程管理',
    title: ZH_TITLE,
    status: '已核实',
    checked: /^核查于 \d{4}年\d{1,2}月\d{1,2}日 · 见于本地文献库$/,
    rechecked: '核查结果：已核实',
  },
]) {
  test(`${c.locale}: a paper saved from search is checked against its record: the badge shows the verdict, its date and its sources`, async ({
    page,
    signedInUser,
  }) => {
    void signedInUser;
    const research = new ResearchPage(page);
    await research.goto(c.locale);
    await research.search(c.query);
    const saving = page.waitForResponse((response) => response.url().endsWith('/api/library/papers') && response.request().method() === 'POST');
    await research.result(c.title).getByTestId('save-paper').click();
    expect((await saving).status()).toBe(200);

    const library = new LibraryPage(page);
    await library.goto(c.locale);
    const entry = library.entries.filter({ hasText: c.title });
    await expect(entry.getByTestId('entry-verdict')).toHaveAttribute('data-status', 'verified');
    await expect(entry.getByTestId('entry-verdict')).toHaveText(c.status);
    await expect(entry.getByTestId('entry-checked')).toHaveText(c.checked);
    await page.reload();
    await expect(entry.getByTestId('entry-verdict')).toHaveAttribute('data-status', 'verified');
    await expect(entry.getByTestId('entry-checked')).toHaveText(c.checked);

    const recheck = page.waitForResponse((response) => response.url().includes('/verify') && response.request().method() === 'POST');
    await entry.getByTestId('entry-recheck').click();
    expect((await recheck).status()).toBe(200);
    await expect(page.getByTestId('toast')).toContainText(c.rechecked);
  });
}
