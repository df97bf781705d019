// Cross-lingual search on the research page (local corpus): an English query says what it searched in Chinese; a
// Chinese query shows English papers under the "also searched in English" line, which says per word what was
// translated and how (here the scientific glossary); "search only as written" turns translation off and on again;
// the language filter keeps English or Chinese papers.
import { expect, test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

const ENGLISH = 'Primordial Gravitational Wave Background as a Probe of the Primordial Black Holes';
const CHINESE = ['电梯故障诊断的RBF神经网络方法研究', '基于BP神经网络的光伏阵列故障诊断研究'];

test('a Chinese query finds English papers, says so, and the translation switch and language filter work', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  // An English query also searches Chinese, in the English interface; the switch works by keyboard.
  await research.goto('en');
  await research.search('gravitational waves');
  await expect(page.getByTestId('translation-note')).toContainText('Also searched in Chinese: gravitational waves → 引力波 (glossary)');
  await page.getByTestId('translation-off').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('translation-note')).toContainText('Translation is off');

  // A Chinese query, in the Chinese interface.
  await research.goto('zh');
  await research.search('黑洞 引力波');
  const note = page.getByTestId('translation-note');
  await expect(note).toContainText('同时检索英文：黑洞 → black hole（术语表） · 引力波 → gravitational wave（术语表）');
  await expect(note.getByTestId('translation-entry')).toHaveCount(2);
  await expect(note.getByTestId('translation-entry').first()).toHaveAttribute('data-via', 'glossary');
  await expect(research.result(ENGLISH)).toBeVisible();
  // The English words matched through the translation are marked like typed ones.
  await expect(research.result(ENGLISH).getByTestId('result-title').getByTestId('match').first()).toBeVisible();

  await note.getByTestId('translation-off').click();
  await expect(page).toHaveURL(/translate=off/);
  await research.settled();
  await expect(note).toContainText('已关闭翻译');
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await page.getByTestId('translation-on').click();
  await expect(page).not.toHaveURL(/translate=off/);
  await research.settled();
  await expect(research.result(ENGLISH)).toBeVisible();

  // A query with papers in both languages, narrowed by the language filter (kept in the address).
  await research.search('故障诊断 神经网络');
  for (const title of CHINESE) await expect(research.result(title)).toBeVisible();
  const english = research.results.filter({ has: page.getByTestId('result-title').filter({ hasNotText: /[\u4e00-\u9fff]/ }) });
  await expect(english.first()).toBeVisible();
  await research.openFilters();
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/language=en/);
  await research.settled();
  await expect(research.result(CHINESE[0]!)).toHaveCount(0);
  await expect(english.first()).toBeVisible();
  await research.openFilters();
  await page.getByTestId('language').selectOption('zh');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/language=zh/);
  await research.settled();
  for (const title of CHINESE) await expect(research.result(title)).toBeVisible();
  await expect(english).toHaveCount(0);
});
