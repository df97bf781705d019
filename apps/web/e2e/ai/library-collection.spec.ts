// The review and Ask over a collection of the library: the review lists exactly the collection's papers, cites only
// papers it lists, and says why each was kept; Ask answers from the collection's papers alone, and a reload keeps
// the collection with the conversation. Both languages, light and dark, 1280 and 390 px.
import type { Page } from '@playwright/test';
import { ReviewPage } from '../pages/ai-review';
import { ResearchPage } from '../pages/research';
import { expect, test } from '../support/fixtures';
import { testPapers } from '../../test/fixtures/papers';

/** A collection of two saved papers (English and Chinese); answers its id. */
async function collectionOfTwo(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/library/collections', { data: { name } });
  expect(created.status()).toBe(200);
  const { collection } = await created.json();
  for (const paper of [testPapers[0], testPapers[2]]) {
    const saved = await page.request.post('/api/library/papers', { data: { paper } });
    const { entry } = await saved.json();
    expect((await page.request.patch(`/api/library/papers/${entry.id}`, { data: { collectionIds: [collection.id] } })).status()).toBe(200);
  }
  return collection.id;
}

test('a literature review over a collection lists exactly its papers and cites only those', async ({ page, signedInUser }) => {
  void signedInUser;
  const id = await collectionOfTwo(page, 'Thesis chapter 2');
  const review = new ReviewPage(page);
  await review.goto('workflow', 'literature-review');
  await review.ready();
  // Neither topic nor collection: the form says what it needs.
  await review.run.click();
  await expect(page.getByText('Give a topic, or choose a collection of your library.')).toBeVisible();
  await review.input('library_collection').selectOption({ label: 'Thesis chapter 2 (2 papers)' });
  await review.run.click();
  await expect(review.workflowOutput).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(review.nodes).toHaveCount(5);
  await expect(review.nodes.nth(1)).toHaveAttribute('data-node', 'collection');
  await expect(review.nodes.nth(1)).toContainText('Read the collection');

  await expect(review.cards).toHaveCount(2);
  await expect(review.cited()).toHaveCount(2);
  const listed = await review.cards.getByTestId('wf-reference-title').allTextContents();
  expect(listed.sort()).toEqual([testPapers[0]!.title, testPapers[2]!.title].sort());
  // Every marker in the review names a listed reference.
  const markers = (await review.workflowOutput.textContent())!.match(/\[(\d+)\]/g) ?? [];
  expect(markers.length).toBeGreaterThan(0);
  for (const marker of new Set(markers)) expect(Number(marker.slice(1, -1))).toBeLessThanOrEqual(2);
  await review.unfold(review.screening);
  await expect(review.screening).toContainText('2 papers of the collection you chose, all kept.');
  await expect(review.screening.getByTestId('wf-screen-kept')).toHaveCount(2);

  // The run's inputs name the collection, not its id.
  await page.getByTestId('wf-history-item').first().click();
  await expect(page.getByTestId('wf-opened-inputs')).toContainText('Thesis chapter 2');
  await expect(page.getByTestId('wf-opened-inputs')).not.toContainText(id);
});

test('zh, dark, 390 px: the review form offers the collection in Chinese, without sideways scrolling', async ({ page, signedInUser }) => {
  void signedInUser;
  await collectionOfTwo(page, '第二章');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const review = new ReviewPage(page);
  await review.goto('workflow', 'literature-review', 'zh');
  await review.ready();
  await expect(page.getByText('或综述文献库中的一个分组')).toBeVisible();
  await review.input('library_collection').selectOption({ label: '第二章（2 篇论文）' });
  await review.run.click();
  await expect(review.workflowOutput).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(review.nodes.nth(1)).toContainText('读取分组');
  await review.noHorizontalScroll();
  expect(await review.seriousViolations('review over a collection, zh dark 390')).toEqual([]);
});

test('Ask scoped to a collection answers from its papers alone, and a reload keeps the scope', async ({ page, signedInUser }) => {
  void signedInUser;
  const id = await collectionOfTwo(page, 'Reading group');
  const research = new ResearchPage(page);
  await research.goto();
  await page.getByTestId('tab-ask').click();
  await page.getByLabel('Answer only from this collection').selectOption({ label: 'Reading group (2 papers)' });
  await expect(page.getByTestId('ask-search-library')).toBeDisabled();
  const sent = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages'));
  const answer = await research.ask('attention translation');
  expect((await sent).postDataJSON().inputs).toEqual({ library_collection: id });
  const sources = answer.getByTestId('ask-source');
  await expect(sources).toHaveCount(2);
  for (const card of await sources.all()) await expect(card.getByTestId('ask-source-library')).toHaveText('In your library');

  await page.waitForURL(/\/ai\/research\/ask\/[\w-]+$/);
  await page.reload();
  await expect(page.getByTestId('ask-collection')).toHaveValue(id);
  await expect(page.getByTestId('ask-collection')).toBeDisabled();

  await page.goto('/zh/ai/research');
  await page.getByTestId('tab-ask').click();
  await expect(page.getByLabel('仅根据此分组回答')).toHaveValue('');
});
