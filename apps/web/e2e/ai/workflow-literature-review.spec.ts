// The literature-review workflow against the OpenAI test server and the local corpus: each node shows as it
// starts and finishes, the review ends with citations, and the node list stays as the run's log. Signed-out
// visitors see the page and a sign-in prompt, never a run.
import { AiToolPage } from '../pages/ai-tools';
import { expect, test } from '../support/fixtures';

const NODES = ['start', 'plan', 'search', 'screen', 'synthesise', 'end'];

test('runs the review node by node and ends with a cited answer', async ({ page, signedInUser }) => {
  void signedInUser;
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review');
  await tool.ready();
  await tool.input('topic').fill('neural architecture search hierarchical search space');
  await tool.run.click();

  await expect(tool.workflowOutput).toHaveAttribute('data-state', 'succeeded');
  await expect(tool.nodes).toHaveCount(NODES.length);
  for (const [index, node] of NODES.entries()) {
    await expect(tool.nodes.nth(index)).toHaveAttribute('data-node', node);
    await expect(tool.nodes.nth(index)).toHaveAttribute('data-status', 'succeeded');
  }
  await expect(tool.nodes.filter({ hasText: 'Synthesise with citations' })).toContainText(/\d+ tokens/);
  await expect(page.getByRole('heading', { name: 'Run log' })).toBeVisible();
  await expect(page.getByTestId('wf-summary')).toContainText('Done');
  await expect(tool.workflowOutput).toContainText('neural architecture search hierarchical search space');
  await expect(tool.workflowOutput).toContainText('[1]');
  expect(await tool.seriousViolations('workflow, en light')).toEqual([]);
});

test('zh, dark: the node names and the log are in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.emulateMedia({ colorScheme: 'dark' });
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review', 'zh');
  await tool.ready();
  await tool.input('topic').fill('neural architecture search');
  // The review is written in the page's language unless the user picks another.
  await expect(tool.input('language')).toHaveValue('中文');
  await tool.run.click();
  await expect(tool.workflowOutput).toHaveAttribute('data-state', 'succeeded');
  await expect(tool.nodes).toHaveCount(NODES.length);
  await expect(tool.nodes.nth(1)).toContainText('规划检索');
  await expect(page.getByRole('heading', { name: '运行日志' })).toBeVisible();
  expect(await tool.seriousViolations('workflow, zh dark')).toEqual([]);
});

test('a signed-out visitor sees the workflow and a sign-in prompt that comes back here', async ({ page }) => {
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review', 'zh');
  const prompt = page.getByTestId('wf-signin');
  await expect(prompt).toBeVisible();
  await expect(tool.form).toHaveCount(0);
  await expect(prompt.getByRole('link')).toHaveAttribute('href', /\/zh\/auth\/signin\?redirect=%2Fzh%2Fai%2Fworkflow%2Fliterature-review/);
});
