// Runs on the second test server, which has no model (LLM_BASE_URL unset): the runtime answers 400
// provider_not_initialize and the tools say so in the user's language, with the page that explains the fix.
import { AiToolPage } from '../pages/ai-tools';
import { expect, test } from '../support/fixtures';

test('en: a writing tool without a model explains how to connect one', async ({ page, signedInUser }) => {
  void signedInUser;
  const tool = new AiToolPage(page);
  await tool.goto('completion', 'academic-polish');
  await tool.ready();
  await tool.input('query').fill('A paragraph to polish.');
  await tool.run.click();
  await expect(tool.error).toHaveAttribute('data-code', 'provider_not_initialize');
  await expect(tool.error).toContainText('No AI model is connected');
  await expect(tool.error.getByRole('link', { name: 'How to connect a model' })).toHaveAttribute('href', '/docs/self-hosting/connecting-a-model');
  await expect(tool.output).toHaveCount(0);
  await expect(tool.history).toHaveCount(0);
});

test('zh: the literature review without a model says so in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  const tool = new AiToolPage(page);
  await tool.goto('workflow', 'literature-review', 'zh');
  await tool.ready();
  await tool.input('topic').fill('神经架构搜索');
  await tool.run.click();
  await expect(tool.error).toHaveAttribute('data-code', 'provider_not_initialize');
  await expect(tool.error).toContainText('尚未连接 AI 模型');
  await expect(tool.error.getByRole('link', { name: '如何连接模型' })).toHaveAttribute('href', '/zh/docs/self-hosting/connecting-a-model');
  expect(await tool.seriousViolations('no model, zh')).toEqual([]);
});
