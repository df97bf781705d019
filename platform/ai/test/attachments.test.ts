// Files attached to a chat question reach the model: text out of text files and PDFs, images as image parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startAi, type Harness } from './harness';
import { startOpenAiTestServer, textOf, type OpenAiTestServer } from './openai-test-server';
import { pdfWithText } from './pdf-fixture';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_VISION_PAPER_CHAT: 'true' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

async function upload(appId: string, name: string, content: BlobPart, type: string, user = 'u1'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  form.append('user', user);
  const res = await h.service.fetch(new Request(`${BASE}/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${h.key(appId)}` }, body: form }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const local = (id: string, type = 'document') => ({ type, transfer_method: 'local_file', upload_file_id: id });
const ask = (appId: string, files: unknown[], user = 'u1', query = 'What does the file say?') =>
  h.call(appId, '/chat-messages', { body: { query, inputs: { paper: 'P' }, user, files, response_mode: 'blocking' } });
const lastUserMessage = () => llm.requests.at(-1)!.messages.at(-1)!;

describe('chat attachments', () => {
  it('puts a text file into the model request and lists it with the message', async () => {
    const id = await upload('paper-chat', 'notes.txt', 'The sample was measured at 42 kelvin.\r\nSecond line.', 'text/plain');
    const res = await ask('paper-chat', [local(id)]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { conversation_id: string; answer: string };
    const sent = textOf(lastUserMessage());
    expect(sent.startsWith('What does the file say?')).toBe(true);
    expect(sent).toContain('<attached_file name="notes.txt">\nThe sample was measured at 42 kelvin.\nSecond line.\n</attached_file>');
    const history = await (await h.call('paper-chat', `/messages?user=u1&conversation_id=${body.conversation_id}`)).json();
    expect(history.data[0].message_files).toEqual([
      {
        id,
        type: 'document',
        url: '',
        belongs_to: 'user',
        transfer_method: 'local_file',
        upload_file_id: id,
        filename: 'notes.txt',
        size: 51,
        mime_type: 'text/plain',
      },
    ]);
  });

  it('extracts the text of a PDF', async () => {
    const id = await upload('paper-chat', 'paper.pdf', pdfWithText('Graphene conductivity rises with strain'), 'application/pdf');
    await ask('paper-chat', [local(id)]);
    expect(textOf(lastUserMessage())).toMatch(/<attached_file name="paper.pdf">\nGraphene conductivity rises with strain\n<\/attached_file>/);
  });

  it('refuses a PDF it cannot read with document_unreadable, naming the file', async () => {
    const id = await upload('paper-chat', 'broken.pdf', '%PDF-1.4 not really a pdf', 'application/pdf');
    const res = await ask('paper-chat', [local(id)]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'document_unreadable', message: 'The PDF broken.pdf could not be read.', status: 400, file: 'broken.pdf' });
  });

  it('sends an image as an image part when the app’s model reads images', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const id = await upload('paper-chat', 'figure.png', png, 'image/png');
    await ask('paper-chat', [local(id, 'image')]);
    const content = lastUserMessage().content;
    expect(Array.isArray(content)).toBe(true);
    expect(content).toEqual([
      { type: 'text', text: 'What does the file say?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
  });

  it('offers images in /parameters only where the model reads them, and refuses them elsewhere', async () => {
    const paper = await (await h.call('paper-chat', '/parameters')).json();
    expect(paper.file_upload).toMatchObject({ enabled: true, image: { enabled: true }, allowed_file_types: ['document', 'image'], number_limits: 3 });
    expect(paper.file_upload.allowed_file_extensions).toEqual(expect.arrayContaining(['.pdf', '.txt', '.png']));
    const research = await (await h.call('research', '/parameters')).json();
    expect(research.file_upload).toMatchObject({ enabled: true, image: { enabled: false }, allowed_file_types: ['document'] });
    expect(research.file_upload.allowed_file_extensions).not.toContain('.png');
    expect((await (await h.call('academic-polish', '/parameters')).json()).file_upload.enabled).toBe(false);

    const image = await upload('research', 'figure.png', new Uint8Array([137, 80, 78, 71]), 'image/png');
    const res = await h.call('research', '/chat-messages', { body: { query: 'q', inputs: {}, user: 'u1', files: [local(image, 'image')] } });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported_file_type');
    const docx = await upload('paper-chat', 'draft.docx', 'PK', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await ask('paper-chat', [local(docx)])).status).toBe(415);
  });

  it('never reads another user’s upload, and keeps to the number limit', async () => {
    const requests = llm.requests.length;
    const theirs = await upload('paper-chat', 'secret.txt', 'not yours', 'text/plain', 'u2');
    const res = await ask('paper-chat', [local(theirs)]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_param', message: 'Invalid upload file id.' });
    const mine = await upload('paper-chat', 'a.txt', 'a', 'text/plain');
    const four = await ask('paper-chat', [local(mine), local(mine), local(mine), local(mine)]);
    expect((await four.json()).code).toBe('invalid_param');
    expect(llm.requests.length).toBe(requests);
  });
});
