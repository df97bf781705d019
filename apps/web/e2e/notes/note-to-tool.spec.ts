// A paragraph of a note goes to a writing tool and its result comes back in its place (lib/handoff/note-to-tool.ts),
// against the OpenAI test server (it answers "Echo: <text>"); in Chinese the menu and the way back read in Chinese.
import { AiToolPage } from '../pages/ai-tools';
import { NotesPage } from '../pages/notes';
import { expect, test } from '../support/fixtures';

const FIRST = 'Background on sparse attention.';
const SECOND = 'The results was significant across all datasets.';

test('the paragraph at the cursor is polished and put back in place; the rest of the note is untouched', async ({ page, signedInUser }) => {
  void signedInUser;
  const created = await page.request.post('/api/notes', { data: { title: 'Attention draft', body: `${FIRST}\n\n${SECOND}\n\nClosing line.` } });
  expect(created.ok(), await created.text()).toBe(true);
  const { note } = (await created.json()) as { note: { id: string } };

  const notes = new NotesPage(page);
  await page.goto(`/dashboard/demo/notes?note=${note.id}`);
  await expect(notes.body).toHaveValue(new RegExp(SECOND));
  // The cursor in the second paragraph, no selection: the menu sends that paragraph.
  await notes.body.evaluate((element: HTMLTextAreaElement, at) => element.setSelectionRange(at, at), FIRST.length + 8);
  await page.getByTestId('note-tools').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/ai/completion/academic-polish\\?note=${note.id}$`));
  const tool = new AiToolPage(page);
  await tool.ready();
  await expect(page.getByTestId('note-return')).toContainText('From your note “Attention draft”');
  await expect(tool.input('query')).toHaveValue(SECOND);
  await expect(page.getByTestId('note-return-put-back')).toBeDisabled();
  await tool.run.click();
  await expect(tool.output).toHaveAttribute('data-state', 'done');
  await page.getByTestId('note-return-put-back').click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/demo/notes\\?note=${note.id}$`));
  await expect(notes.body).toHaveValue(`${FIRST}\n\nEcho: ${SECOND}\n\nClosing line.`);
  const saved = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as { note: { body: string } };
  expect(saved.note.body).toBe(`${FIRST}\n\nEcho: ${SECOND}\n\nClosing line.`);
});

test('zh: a paragraph edited away meanwhile is not overwritten, and the tool says so in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  const created = await page.request.post('/api/notes', { data: { title: '注意力草稿', body: '第一段。\n\n结果很显著。' } });
  const { note } = (await created.json()) as { note: { id: string; version: number } };
  const notes = new NotesPage(page);
  await page.goto(`/zh/dashboard/demo/notes?note=${note.id}`);
  await expect(notes.body).toHaveValue(/结果很显著/);
  await notes.body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(element.value.length - 2, element.value.length - 2));
  await page.getByTestId('note-tools').click();
  await page.getByTestId('note-tool-academic-translate').click();

  const tool = new AiToolPage(page);
  await tool.ready();
  await expect(page.getByTestId('note-return')).toContainText('来自你的笔记“注意力草稿”');
  await expect(tool.input('query')).toHaveValue('结果很显著。');
  // Meanwhile the note is rewritten elsewhere.
  const current = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as { note: { version: number } };
  expect((await page.request.patch(`/api/notes/${note.id}`, { data: { version: current.note.version, body: '第一段。\n\n完全改写了。' } })).status()).toBe(200);
  await tool.run.click();
  await expect(tool.output).toHaveAttribute('data-state', 'done');
  await page.getByTestId('note-return-put-back').click();
  await expect(page.getByTestId('note-return')).toContainText('笔记中已找不到发送时的那段文字');
  const saved = (await (await page.request.get(`/api/notes/${note.id}`)).json()) as { note: { body: string } };
  expect(saved.note.body).toBe('第一段。\n\n完全改写了。');
});
