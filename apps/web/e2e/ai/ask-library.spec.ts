// "Also search my library" in Ask on /ai/research: a paper the user saved is searched with the literature, cited,
// and marked as in the library; the switch speaks both languages.
import { ResearchPage } from '../pages/research';
import { baseURL } from '../../playwright.config';
import { expect, test } from '../support/fixtures';

const saved = {
  id: 'e2e:library-peatland',
  title: 'Peatland rewetting lowers methane flux variability',
  abstract: 'Rewetting drained peatland changed methane flux variability across four seasons of chamber measurements.',
  authors: [{ family: 'Okafor', given: 'Ada' }],
  issued: { year: 2022 },
  container: 'Wetland Ecology',
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'crossref',
};

test('a question searches the user’s library when asked, and cites the saved paper as in the library', async ({ page, signedInUser }) => {
  void signedInUser;
  const response = await page.request.post('/api/library/papers', { data: { paper: saved }, headers: { origin: baseURL } });
  expect(response.ok()).toBe(true);

  const research = new ResearchPage(page);
  await research.goto();
  await page.getByTestId('tab-ask').click();
  await page.getByLabel('Also search my library').check();
  const sent = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages'));
  const answer = await research.ask('peatland rewetting methane flux');
  expect((await sent).postDataJSON().inputs).toEqual({ search_library: 'yes' });
  const card = answer.getByTestId('ask-source').filter({ hasText: saved.title });
  await expect(card.getByTestId('ask-source-library')).toHaveText('In your library');
  await expect(answer.getByTestId('ask-log-source').filter({ hasText: 'library' })).toHaveCount(1);

  await page.goto('/zh/ai/research');
  await page.getByTestId('tab-ask').click();
  await expect(page.getByTestId('ask-search-library')).not.toBeChecked();
  await expect(page.getByLabel('同时检索我的文献库')).toBeVisible();
});
