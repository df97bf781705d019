// The history of the user's own workflow runs on /ai/workflow/{appid}: loading and empty states, a finished run
// listed, and a past run opened with its inputs, output, per-node log, time and tokens; in English and Chinese.
import { expect, test } from '../support/fixtures';
import { AiToolPage } from '../pages/ai-tools';

const NODES = ['start', 'plan', 'search', 'screen', 'synthesise', 'end'];

test('an empty history, then the run just made, opened again after a reload', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(90_000);
  // The first list is held back, so the loading state shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ai/dify/workflows/logs**', async (route) => {
    await held;
    await route.continue();
  });
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review');
  await tool.ready();
  const history = page.getByTestId('wf-history');
  await expect(history.getByTestId('wf-history-loading')).toHaveText('Loading your runs…');
  release();
  await expect(history.getByTestId('wf-history-empty')).toHaveText('No runs yet. The runs you start appear here.');
  await page.unroute('**/api/ai/dify/workflows/logs**');

  await tool.input('topic').fill('neural architecture search hierarchical search space');
  await tool.run.click();
  await expect(tool.workflowOutput).toHaveAttribute('data-state', 'succeeded');
  const items = history.getByTestId('wf-history-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('neural architecture search hierarchical search space');
  await expect(items.first()).toHaveAttribute('data-status', 'succeeded');
  await expect(items.first()).toContainText(/Done · [\d.]+ s · \d+ tokens/);

  // A reload reopens the run from the page's address (?run=); without it, the page opens it from the history.
  await page.reload();
  await expect(page.getByTestId('wf-opened')).toBeVisible();
  await expect(tool.nodes).toHaveCount(NODES.length);
  await tool.goto('workflow', 'literature-review');
  await tool.ready();
  await expect(tool.nodes).toHaveCount(0);
  await items.first().click();
  const opened = page.getByTestId('wf-opened');
  await expect(opened).toContainText('Run of');
  await expect(opened.getByTestId('wf-opened-inputs')).toContainText('Topic or research question');
  await expect(opened.getByTestId('wf-opened-inputs')).toContainText('neural architecture search hierarchical search space');
  await expect(items.first()).toHaveAttribute('aria-current', 'true');
  await expect(tool.nodes).toHaveCount(NODES.length);
  for (const [index, node] of NODES.entries()) await expect(tool.nodes.nth(index)).toHaveAttribute('data-node', node);
  await expect(tool.nodes.nth(4)).toContainText(/\d+ tokens/);
  await expect(page.getByTestId('wf-summary')).toContainText(/Done · [\d.]+ s · \d+ tokens/);
  await expect(tool.workflowOutput).toContainText('[1]');
  expect(await tool.seriousViolations('workflow history, en light')).toEqual([]);

  await expect(page).toHaveURL(/\?run=[0-9a-f-]{36}$/);

  await page.getByTestId('wf-opened-close').click();
  await expect(opened).toHaveCount(0);
  await expect(tool.nodes).toHaveCount(0);
  await expect(page).not.toHaveURL(/run=/);
});

test('zh, dark: the history, an opened run and its inputs are in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.emulateMedia({ colorScheme: 'dark' });
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review', 'zh');
  await tool.ready();
  const history = page.getByTestId('wf-history');
  await expect(history.getByRole('heading')).toHaveText('你的历史运行');
  await expect(history.getByTestId('wf-history-empty')).toHaveText('还没有运行记录。你发起的运行会显示在这里。');
  await tool.input('topic').fill('neural architecture search');
  await tool.input('language').selectOption('中文');
  await tool.run.click();
  await expect(tool.workflowOutput).toHaveAttribute('data-state', 'succeeded');
  await page.reload();
  await tool.ready();
  const opened = page.getByTestId('wf-opened');
  await expect(opened).toBeVisible();
  await history.getByTestId('wf-history-item').first().click();
  await expect(opened).toContainText('的运行');
  await expect(opened).toContainText('输入');
  await expect(opened.getByTestId('wf-opened-inputs')).toContainText('主题或研究问题');
  // A select's value reads as the form shows it.
  await expect(opened.getByTestId('wf-opened-inputs')).toContainText('综述语言中文');
  await expect(tool.nodes.nth(1)).toContainText('规划检索');
  await expect(page.getByRole('heading', { name: '运行日志' })).toBeVisible();
  expect(await tool.seriousViolations('workflow history, zh dark')).toEqual([]);
});
