// Attached PDFs are read on threads of their own in the built server: a real PDF's text reaches the model, a
// compression bomb is refused in the reader's language while the server keeps answering, and an upload past the
// runtime's limit is refused before the server reads it.
import { expect, test } from '../support/fixtures';
import { makePdf, makePdfBomb } from '../support/pdf';
import { AiChatPage } from '../pages/ai-chat';

const PAPER = 'We propose a sparse attention method for long documents.';
// Each test its own bytes: the server keeps a reading per file content, and the tests run side by side.
const bomb = (megabytes: number) => ({ name: 'bomb.pdf', mimeType: 'application/pdf', buffer: makePdfBomb(megabytes) });

test('a PDF’s text reaches the model; a compression bomb is refused, naming the file, while the server answers others', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByLabel('Paper text or abstract').fill(PAPER);
  const files = page.getByTestId('chat-file-input');

  await files.setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: makePdf(['Graphene conductivity rises with strain']) });
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  await chat.ask('What does the file say?');
  await expect((await chat.settled()).getByTestId('chat-answer')).toContainText('Graphene conductivity rises with strain');

  await files.setInputFiles(bomb(1024));
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  // While the bomb is read, the server answers: the health check comes back before the question's answer does.
  const answered = page.waitForResponse((r) => r.url().includes('/api/ai/dify/chat-messages'));
  await chat.ask('And this one?');
  const first = await Promise.race([page.request.get('/api/health').then((r) => `health ${r.status()}`), answered.then(() => 'answer')]);
  expect(first).toBe('health 200');
  expect((await answered).status()).toBe(400);
  const turn = await chat.settled('error');
  await expect(turn.getByTestId('chat-error')).toHaveText(
    'The PDF “bomb.pdf” is too large to read: not one page could be read. Try a shorter file, or only the pages you need.',
  );
  await expect(turn.getByTestId('retry')).toHaveCount(0);
});

test('in Chinese: a PDF too large to read is explained in Chinese', async ({ page, signedInUser }) => {
  void signedInUser;
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat', 'zh');
  await page.getByTestId('chat-file-input').setInputFiles(bomb(1000));
  await expect(page.getByTestId('chat-attachment')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('论文全文或摘要').fill(PAPER);
  await chat.ask('这个文件说了什么？');
  const turn = await chat.settled('error');
  await expect(turn.getByTestId('chat-error')).toHaveText('PDF“bomb.pdf”过大，无法读取：一页也未能读取。请改用较短的文件，或只保留需要的页面。');
});

test('an upload past the runtime’s limit is refused from its length, in the runtime’s error shape', async ({ page, signedInUser }) => {
  void signedInUser;
  const response = await page.request.post('/api/ai/dify/files/upload?appid=paper-chat', {
    multipart: { file: { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(20 * 1024 * 1024, 0x61) } },
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toEqual({ code: 'file_too_large', message: 'The file is larger than the 15 MB this assistant accepts.', status: 413 });
});
