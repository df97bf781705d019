// A Free user who has used the day's searches is told which limit, when it resets, and gets the way to upgrade,
// in the page and in the API's one limit shape, in both languages.
import { ResearchPage } from '../pages/research';
import { expect, test } from '../support/fixtures';

test('a Free user past the daily searches sees the limit and the upgrade path', async ({ page, signedInUser }) => {
  void signedInUser;
  for (let i = 0; i < 50; i++) expect((await page.request.get(`/api/scholar/search?q=limit${i}`)).status()).toBe(200);

  const refused = await page.request.get('/api/scholar/search?q=one+more', { headers: { 'accept-language': 'zh-CN' } });
  expect(refused.status()).toBe(429);
  const body = await refused.json();
  expect(body.error).toMatchObject({ code: 'plan_limit_reached', limit: { feature: 'searchesPerDay', limit: 50, used: 50, upgrade_url: '/pricing' } });
  expect(body.error.message).toContain('50 次检索已用完');

  const research = new ResearchPage(page);
  await research.goto();
  await research.input.fill('graph neural networks');
  await research.input.press('Enter');
  const error = page.getByTestId('search-error');
  await expect(error).toContainText('You have used all 50 searches of your plan today');
  await error.getByTestId('limit-upgrade').click();
  await expect(page).toHaveURL(/\/pricing$/);
});
