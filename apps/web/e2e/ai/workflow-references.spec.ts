// The literature review lists what it cites: numbered reference cards under the text (title opening the paper,
// authors, year, venue, a verdict saying what was compared, links, Save, Cite), markers linked to their card, the
// screening step's kept and dropped papers with reasons, the list exported in a citation style, and the search log
// with Run again — all of it again after a reload, which reopens the run from the address. en light, zh dark, 390 wide.
import { readFile } from 'node:fs/promises';
import { ReviewPage } from '../pages/ai-review';
import { expect, test } from '../support/fixtures';

const TOPIC = 'neural architecture search hierarchical search space';

test('en: references under the review, linked markers, screening, Save, Cite, export, and the same after a reload', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const review = new ReviewPage(page);
  await review.goto('workflow', 'literature-review');
  await review.runReview(TOPIC);
  await expect(page).toHaveURL(/\?run=[0-9a-f-]{36}$/);

  // Every marker leads to a card of the list; the cards are numbered 1, 2, … in the order the text cites them.
  const cited = review.cited();
  const count = await cited.count();
  expect(count).toBeGreaterThan(0);
  await expect(review.references.getByRole('heading', { name: /References/ })).toContainText(`${count} papers cited`);
  expect(await cited.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-position')))).toEqual(
    Array.from({ length: count }, (_, i) => String(i + 1)),
  );
  const targets = await review.markers.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(new Set(targets)).toEqual(new Set(Array.from({ length: count }, (_, i) => `#wf-ref-${i + 1}`)));
  await review.markers.last().click();
  await expect(page).toHaveURL(new RegExp(`#wf-ref-${count}$`));
  await expect(page.locator(`#wf-ref-${count}`)).toBeInViewport();

  // A card: authors, year, venue; a verdict that names what it was compared with; links; Cite; Save; the panel.
  const first = cited.first();
  const title = (await first.getByTestId('wf-reference-title').textContent())!;
  await expect(first.getByTestId('wf-reference-meta')).not.toBeEmpty();
  await expect(first.getByTestId('wf-reference-verdict')).toHaveAttribute('data-status', /verified|partial/);
  await expect(first.getByTestId('wf-reference-verdict')).toContainText(/Verified against Local corpus|Partly verified/);
  await expect(review.references.getByTestId('wf-references-note')).toContainText('against the records the searches returned');
  await first.getByTestId('wf-reference-cite').click();
  await expect(first.getByTestId('citation-text')).not.toBeEmpty();
  await first.getByTestId('save-paper').click();
  await expect(first.getByTestId('saved-state')).toBeVisible();
  await first.getByTestId('wf-reference-title').click();
  await expect(review.panel.getByTestId('paper-title')).toHaveText(title);
  await expect(review.panel.getByTestId('saved-state')).toBeVisible();
  await review.panel.getByTestId('close-paper').click();
  await expect(review.panel).toBeHidden();

  // The screening step says what it kept and dropped, and why; the kept papers name their marker.
  const screening = review.screening;
  await review.unfold(screening);
  await expect(screening.getByTestId('wf-screen-kept')).toHaveCount(await review.cards.count());
  await expect(screening.getByTestId('wf-screen-kept').first()).toContainText(/found by \d of \d queries, score/);
  await expect(screening.getByTestId('wf-screen-kept').filter({ hasText: 'cited as [1]' })).toHaveCount(1);
  const dropped = screening.getByTestId('wf-screen-dropped');
  for (const reason of await dropped.evaluateAll((items) => items.map((item) => item.getAttribute('data-reason'))))
    expect(['no_abstract', 'lower_relevance']).toContain(reason);

  // The list in a citation style: as many numbered entries as cited cards, the first card's paper first.
  await review.references.getByTestId('export-format').selectOption('text');
  await review.references.getByTestId('export-style').selectOption('ieee');
  const [download] = await Promise.all([page.waitForEvent('download'), review.references.getByTestId('export-download').click()]);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported).toContain(`[${count}]`);
  expect(exported).not.toContain(`[${count + 1}]`);
  expect(exported.toLowerCase().indexOf(title.toLowerCase().split(' ').slice(0, 3).join(' '))).toBeGreaterThanOrEqual(0);
  expect(await review.seriousViolations('review references, en light')).toEqual([]);

  // A reload reopens the run from its address, with its list, its markers, its screening and the saved paper.
  await page.reload();
  await expect(page.getByTestId('wf-opened')).toBeVisible();
  await expect(review.cited()).toHaveCount(count);
  await expect(review.markers.first()).toHaveAttribute('href', '#wf-ref-1');
  await expect(review.cited().first().getByTestId('wf-reference-title')).toHaveText(title);
  await expect(review.cited().first().getByTestId('saved-state')).toBeVisible();
  await review.unfold(review.screening);
  await expect(review.screening.getByTestId('wf-screen-kept')).toHaveCount(await review.cards.count());
  await page.getByTestId('wf-opened-close').click();
  await expect(page).not.toHaveURL(/run=/);
  await expect(review.references).toHaveCount(0);
});

test('en: the search log names every search, model and prompt; Run again compares; the export carries both', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const review = new ReviewPage(page);
  await review.goto('workflow', 'literature-review');
  await review.runReview(TOPIC);
  const log = review.searchLog;
  await review.unfold(log);
  const searches = log.getByTestId('search-log-search');
  await expect(searches).toHaveCount(2);
  await expect(searches.first().getByTestId('search-log-query')).toHaveText(TOPIC);
  await expect(searches.first().getByTestId('search-log-options')).toContainText('up to 8 results, by relevance · searched as written');
  await expect(log.getByTestId('search-log-meta')).toContainText('citewise-test-model');
  await expect(log.getByTestId('search-log-meta')).toContainText(/literature-review@[0-9a-f]{12}/);
  await searches.first().getByTestId('search-log-results-toggle').click();
  await expect(searches.first().getByTestId('search-log-results').locator('li')).toHaveCount(8);

  await log.getByTestId('search-log-run-again').click();
  await expect(log.getByTestId('search-log-replay')).toContainText('Same papers in the same order');
  await expect(log.getByTestId('search-log-changes')).toHaveCount(2);
  await expect(log.getByTestId('search-log-changes').first()).toHaveText('no change');
  const [download] = await Promise.all([page.waitForEvent('download'), log.getByTestId('ask-log-export').click()]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    format: string;
    model: string;
    searches: Array<{ query: string; results: Array<{ id: string }> }>;
    replay: { searches: Array<{ results: Array<{ id: string }> }>; changes: unknown[] };
  };
  expect(exported.format).toBe('citewise.search-log/2');
  expect(exported.model).toBe('citewise-test-model');
  expect(exported.searches.map((s) => s.query)[0]).toBe(TOPIC);
  expect(exported.replay.changes).toHaveLength(2);
  expect(exported.replay.searches[0]!.results.map((r) => r.id)).toEqual(exported.searches[0]!.results.map((r) => r.id));

  // The replay is still there after a reload.
  await page.reload();
  await expect(page.getByTestId('wf-opened')).toBeVisible();
  await review.unfold(review.searchLog);
  await expect(review.searchLog.getByTestId('search-log-replay')).toContainText('Same papers in the same order');
});

test('zh, dark: the list, the verdicts, the screening and the search log in Chinese, again after a reload', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const review = new ReviewPage(page);
  await review.goto('workflow', 'literature-review', 'zh');
  await review.runReview('水运工程', '中文');
  await expect(review.references.getByRole('heading', { name: /参考文献/ })).toBeVisible();
  const verdicts = review.cards.getByTestId('wf-reference-verdict');
  await expect(verdicts.first()).toContainText(/已与本地文献库核实|部分核实/);
  // The bundled Chinese records have no authors, year or venue: never plain "verified", and they say what is missing.
  const partial = review.cards.filter({ has: page.locator('[data-testid="wf-reference-verdict"][data-status="partial"]') });
  if (await partial.count()) await expect(partial.first().getByTestId('wf-reference-explain')).toContainText('无法核对');
  await review.unfold(review.screening);
  await expect(review.screening.locator('summary')).toContainText('保留');
  await review.unfold(review.searchLog);
  await expect(review.searchLog.locator('summary').first()).toContainText('检索日志');
  await expect(review.searchLog.getByTestId('search-log-options').first()).toContainText('最多 8 条结果');
  await review.searchLog.getByTestId('search-log-run-again').click();
  await expect(review.searchLog.getByTestId('search-log-replay')).toContainText('论文相同');
  expect(await review.seriousViolations('review references, zh dark')).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('wf-opened')).toContainText('的运行');
  await expect(review.references.getByRole('heading', { name: /参考文献/ })).toBeVisible();
  await review.unfold(review.searchLog);
  await expect(review.searchLog.getByTestId('search-log-replay')).toContainText('论文相同');
});

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}, 390 wide: the references, a citation, the screening and the search log fit a phone`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const review = new ReviewPage(page);
    await review.goto('workflow', 'literature-review', locale);
    await review.runReview(locale === 'zh' ? '水运工程' : TOPIC, locale === 'zh' ? '中文' : undefined);
    await review.cited().first().getByTestId('wf-reference-cite').click();
    await expect(review.cited().first().getByTestId('citation-text')).not.toBeEmpty();
    await review.unfold(review.screening);
    await review.unfold(review.searchLog);
    await review.noHorizontalScroll();
    await review.cited().first().getByTestId('wf-reference-title').click();
    await expect(review.panel.getByTestId('paper-title')).toBeVisible();
    expect(await review.panel.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    await review.panel.getByTestId('close-paper').click();
    await page.reload();
    await expect(review.references).toBeVisible();
    await review.noHorizontalScroll();
  });
}
