// A record missing authors, year or venue is never offered as a finished citation: the result card and the paper
// panel say what is missing, and copying its citation warns and names it — in Chinese and English.
import { expect, test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

// In the bundled corpus with a title and an abstract only.
const BARE = '基于多尺度分析矩特征的人脸表情识别';
const COMPLETE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

test('zh: a Chinese paper without authors, year or venue says so, and copying its citation warns', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto('zh');
  await research.search('多尺度分析 矩特征 人脸表情识别');
  const hit = research.result(BARE);
  await expect(hit.getByTestId('record-incomplete')).toHaveText('记录不完整：缺少作者、年份和出处');

  await research.open(BARE);
  await expect(research.panel.getByTestId('record-incomplete')).toHaveText('记录不完整：缺少作者、年份和出处');
  await expect(research.panel.getByTestId('citation-text')).toContainText(BARE);
  await expect(research.panel.getByTestId('citation-incomplete')).toHaveText('此记录缺少作者、年份和出处：使用该引用前请补全。');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await research.panel.getByTestId('copy-citation').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('已复制，但该引用不完整');
  await expect(toast).toContainText('此记录缺少作者、年份和出处');
});

test('en: the same record warns in English; a complete record carries no warning', async ({ page, signedInUser }) => {
  void signedInUser;
  const research = new ResearchPage(page);
  await research.goto();
  await research.search('多尺度分析 矩特征 人脸表情识别');
  await expect(research.result(BARE).getByTestId('record-incomplete')).toHaveText('Incomplete record: no authors, year, and venue');
  await research.open(BARE);
  await expect(research.panel.getByTestId('citation-incomplete')).toHaveText(
    'This record has no authors, year, and venue: add them before you use this citation.',
  );
  await page.keyboard.press('Escape');

  await research.search('neural architecture search hierarchical search space');
  const complete = research.result(COMPLETE);
  await expect(complete).toBeVisible();
  await expect(complete.getByTestId('record-incomplete')).toHaveCount(0);
  await research.open(COMPLETE);
  await expect(research.panel.getByTestId('citation-text')).toBeVisible();
  await expect(research.panel.getByTestId('citation-incomplete')).toHaveCount(0);
});
