// Ask on /ai/research (the first server: a model): the answer's search log names the search as sent, the model and
// the prompt version; Run again sends the same search and compares; the JSON export carries the log and the replay.
// (Reopening an Ask answer after a reload is the conversation address's work; its log then shows the same.)
import { readFile } from 'node:fs/promises';
import { ResearchPage } from '../pages/research';
import { expect, test } from '../support/fixtures';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: the search log of an answer, run again and exported`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(90_000);
    if (locale === 'zh') await page.emulateMedia({ colorScheme: 'dark' });
    const research = new ResearchPage(page);
    await research.goto(locale);
    const answer = await research.ask('attention transformer');
    const log = answer.getByTestId('ask-search-log');
    await log.locator('summary').first().click();
    await expect(log.getByTestId('search-log-search')).toHaveCount(1);
    await expect(log.getByTestId('search-log-query')).toHaveText('attention transformer');
    await expect(log.getByTestId('search-log-options')).toContainText(locale === 'zh' ? '最多 6 条结果' : 'up to 6 results');
    await expect(log.getByTestId('search-log-meta')).toContainText('citewise-test-model');
    await expect(log.getByTestId('search-log-meta')).toContainText(/research@[0-9a-f]{12}/);

    await log.getByTestId('search-log-run-again').click();
    await expect(log.getByTestId('search-log-replay')).toContainText(locale === 'zh' ? '论文相同' : 'Same papers in the same order');
    const [download] = await Promise.all([page.waitForEvent('download'), log.getByTestId('ask-log-export').click()]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      app: string;
      searches: Array<{ query: string; options: { limit: number }; results: Array<{ id: string }> }>;
      replay: { changes: Array<{ added: unknown[]; dropped: unknown[] }> };
    };
    expect(exported.app).toBe('research');
    expect(exported.searches).toEqual([expect.objectContaining({ query: 'attention transformer', options: expect.objectContaining({ limit: 6 }) })]);
    expect(exported.replay.changes).toEqual([expect.objectContaining({ added: [], dropped: [] })]);
  });
}
