// The writing tools against the OpenAI test server (it answers "Echo: <text>"): a polish run streams its answer,
// shows the word diff and lands in the history, kept with the account; inputs are validated; a translate run in Chinese; unknown apps 404.
import { AiToolPage } from '../pages/ai-tools';
import { signInThroughApi } from '../support/accounts';
import { expect, test, testAddress } from '../support/fixtures';

const PARAGRAPH = 'The results was significant across all three datasets [1].';

test('polish: streamed result, word diff, copy, history that survives a reload and follows the account to another browser', async ({
  page,
  browser,
  signedInUser,
}) => {
  const tool = new AiToolPage(page);
  await tool.goto('completion', 'academic-polish');
  await tool.ready();

  // Required paragraph: nothing is sent without it.
  await tool.run.click();
  await expect(tool.form.getByTestId('field-error')).toHaveText('This field is required.');

  await tool.input('query').fill(PARAGRAPH);
  await tool.input('style').selectOption('concise');
  await tool.input('query').press('Tab');
  await tool.page.keyboard.press('Tab');
  await expect(tool.run).toBeFocused();
  await tool.page.keyboard.press('Enter');

  await expect(tool.output).toHaveAttribute('data-state', 'done');
  await expect(tool.output).toHaveText(`Echo: ${PARAGRAPH}`);
  const diff = page.getByTestId('ai-diff');
  await expect(diff.locator('[data-diff="added"]:visible')).toHaveText(['Echo: ']);
  await expect(page.getByTestId('ai-diff-stats')).toHaveText('1 word added, 0 removed');
  await expect(diff.locator('del:visible, ins:visible')).toHaveCount(1);
  await expect(diff.locator('h3:visible')).toHaveText(['Your text', 'Polished']);
  // On a phone the two columns become one inline diff, with removed and added words in the same text.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(diff.locator('[data-diff="added"]:visible')).toHaveText(['Echo: ']);
  await expect(diff.locator('h3:visible')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('ai-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`Echo: ${PARAGRAPH}`);

  await expect(tool.history).toHaveCount(1);
  await page.reload();
  await tool.ready();
  await expect(tool.history).toHaveCount(1);
  await expect(tool.history.first()).toContainText(`Echo: ${PARAGRAPH}`);
  await tool.history.first().click();
  await expect(tool.input('query')).toHaveValue(PARAGRAPH);
  await expect(tool.input('style')).toHaveValue('concise');
  await expect(tool.output).toHaveText(`Echo: ${PARAGRAPH}`);
  expect(await tool.seriousViolations('polish, light')).toEqual([]);

  // Another browser of the same account (no shared storage) has the same history, and clearing it there clears it.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': testAddress() } });
  const otherPage = await other.newPage();
  await signInThroughApi(otherPage, signedInUser);
  const elsewhere = new AiToolPage(otherPage);
  await elsewhere.goto('completion', 'academic-polish');
  await elsewhere.ready();
  await expect(elsewhere.history).toHaveCount(1);
  await expect(elsewhere.history.first()).toContainText(`Echo: ${PARAGRAPH}`);
  await otherPage.getByTestId('ai-history-clear').click();
  await expect(elsewhere.history).toHaveCount(0);
  await other.close();
  await page.reload();
  await tool.ready();
  await expect(page.getByTestId('ai-history')).toContainText('Nothing yet');
});

test('zh, dark: translate streams into the page in Chinese and has no serious accessibility violation', async ({ page, signedInUser }) => {
  void signedInUser;
  await page.emulateMedia({ colorScheme: 'dark' });
  const tool = new AiToolPage(page);
  await tool.goto('completion', 'academic-translate', 'zh');
  await tool.ready();
  await expect(tool.form.getByText('翻译方向')).toBeVisible();
  await tool.input('query').fill('注意力机制提升了翻译质量。');
  await tool.input('direction').selectOption('zh-en');
  await tool.run.click();
  await expect(tool.output).toHaveAttribute('data-state', 'done');
  await expect(tool.output).toHaveText('Echo: 注意力机制提升了翻译质量。');
  await expect(page.getByTestId('ai-diff')).toHaveCount(0);
  await expect(tool.history).toHaveCount(1);
  await expect(page.getByTestId('ai-history')).toContainText('随账号保存');
  expect(await tool.seriousViolations('translate, zh dark')).toEqual([]);
});

test('a model failure mid-answer keeps what arrived and offers a retry', async ({ page, signedInUser }) => {
  void signedInUser;
  const tool = new AiToolPage(page);
  await tool.goto('completion', 'abstract-writer');
  await tool.ready();
  await tool.input('query').fill('Notes on sparse attention #midstream-error');
  await tool.run.click();
  await expect(tool.error).toBeVisible();
  await expect(tool.error).toContainText('The model could not answer');
  await expect(page.getByTestId('ai-retry')).toBeVisible();
  // The two chunks before the failure stay on the page and in the history, marked incomplete.
  await expect(tool.output).toHaveAttribute('data-state', 'done');
  await expect(tool.output).toHaveText(/^Echo:/);
  await expect(tool.output).not.toHaveText('Echo: Notes on sparse attention');
  await expect(tool.history).toHaveCount(1);
  await expect(tool.history.first()).toContainText('incomplete');
});

test('stop ends a long answer and keeps what arrived', async ({ page, signedInUser }) => {
  void signedInUser;
  const tool = new AiToolPage(page);
  await tool.goto('completion', 'academic-polish');
  await tool.ready();
  await tool.input('query').fill('A long paragraph #slow');
  await tool.run.click();
  await expect(tool.output).toContainText('word0');
  await page.getByTestId('ai-stop').click();
  await expect(page.getByText('Stopped: this is what arrived before you stopped.')).toBeVisible();
  await expect(tool.run).toBeEnabled();
  await expect(tool.output).not.toContainText('word399');
  await expect(tool.history.first()).toContainText('incomplete');
});

test('an unknown or non-completion app is not found', async ({ page, signedInUser }) => {
  void signedInUser;
  for (const path of ['/ai/completion/no-such-tool', '/ai/completion/literature-review', '/ai/workflow/academic-polish']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
