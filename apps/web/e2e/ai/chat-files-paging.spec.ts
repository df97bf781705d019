// Chat attachments and history paging against the OpenAI-protocol test server (it echoes the user message, so the
// file's text in the answer proves it reached the model), in English and Chinese.
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';

const PAPER = 'We propose a sparse attention method for long documents.';
const notes = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('The sample was measured at 42 kelvin.\n') };
const program = { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') };

test('a text file attached to a question reaches the model and stays with the question', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByLabel('Paper text or abstract').fill(PAPER);
  const files = page.getByTestId('chat-file-input');

  // A type the assistant cannot read is refused before any upload; a removed file is not sent.
  await files.setInputFiles(program);
  await expect(page.getByTestId('chat-attachment-notice')).toHaveText('tool.exe cannot be attached: this assistant does not read that type of file.');
  await files.setInputFiles(notes);
  await expect(page.getByTestId('chat-attachment-notice')).toHaveCount(0);
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('chat-attachment-remove').click();
  await expect(page.getByTestId('chat-attachment')).toHaveCount(0);

  await files.setInputFiles(notes);
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  const sent = page.waitForRequest((r) => r.url().includes('/api/ai/dify/chat-messages'));
  await chat.ask('What does the file say?');
  expect((await sent).postDataJSON().files).toEqual([{ type: 'document', transfer_method: 'local_file', upload_file_id: expect.any(String) }]);
  const turn = await chat.settled();
  await expect(turn.getByTestId('chat-answer')).toContainText('The sample was measured at 42 kelvin.');
  await expect(turn.getByTestId('chat-question-files')).toHaveText('notes.txt');
  await expect(page.getByTestId('chat-attachment')).toHaveCount(0);

  // The stored message keeps its file.
  await page.reload();
  await chat.conversations.first().getByTestId('conversation-open').click();
  await expect(chat.turns.first().getByTestId('chat-question-files')).toHaveText('notes.txt');
});

test('in Chinese: a refused file is explained in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat', 'zh');
  await page.getByTestId('chat-file-input').setInputFiles(program);
  await expect(page.getByTestId('chat-attachment-notice')).toHaveText('无法附加 tool.exe：此助手不读取这种类型的文件。');
  await expect(page.getByTestId('chat-attach')).toHaveAttribute('title', '附加文件：PDF、文本（最多 3 个）');
});

test('a long conversation opens at its latest messages and loads earlier ones on scrolling up', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(90_000);
  // 22 questions through the product's API: one more page than the thread shows at first (20).
  let conversationId: string | undefined;
  for (let i = 1; i <= 22; i++) {
    const response = await page.request.post('/api/ai/dify/chat-messages?appid=paper-chat', {
      data: { query: `question ${i}`, inputs: { paper: PAPER }, response_mode: 'blocking', conversation_id: conversationId, auto_generate_name: false },
    });
    expect(response.status()).toBe(200);
    conversationId = ((await response.json()) as { conversation_id: string }).conversation_id;
  }
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await chat.conversations.first().getByTestId('conversation-open').click();
  await expect(chat.turns).toHaveCount(20);
  await expect(chat.turns.first().getByTestId('chat-question')).toHaveText('question 3');
  await expect(chat.lastTurn()).toBeInViewport();
  await expect(page.getByTestId('load-earlier')).toHaveText('Load earlier messages');

  // Scrolling up to the top of the thread (the cost box above it keeps the page's own top out of this view).
  await page.getByTestId('earlier-messages').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(chat.turns).toHaveCount(22);
  await expect(chat.turns.first().getByTestId('chat-question')).toHaveText('question 1');
  await expect(page.getByTestId('earlier-messages')).toHaveCount(0);
});
