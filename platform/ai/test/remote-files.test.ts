// `remote_url` files of a chat question: fetched through the guard for user-given URLs, never from this machine's
// own or private addresses, and read like uploads when allowed. A local HTTP server stands in for the internet,
// reachable only by the service made with the test-only allowance.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAi, type Harness } from './harness';
import { startOpenAiTestServer, textOf, type OpenAiTestServer } from './openai-test-server';
import { pdfBomb } from './pdf-fixture';

let llm: OpenAiTestServer;
let guarded: Harness;
let allowed: Harness;
let files: http.Server;
let base: string;

beforeAll(async () => {
  llm = await startOpenAiTestServer();
  const env = { LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', AI_UPLOAD_FILE_SIZE_LIMIT: '1', AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT: '1' };
  guarded = await startAi(env);
  allowed = await startAi(env, { remoteFileAllowAddresses: ['127.0.0.1'] });
  files = http.createServer((request, response) => {
    if (request.url === '/notes.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end('Measured at 42 kelvin.');
    if (request.url === '/moved') return response.writeHead(301, { location: '/notes.txt' }).end();
    if (request.url === '/to-metadata') return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (request.url === '/huge.txt') return response.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(2 * 1024 * 1024, 0x61));
    // 1 GB of zeros in a 1 MB PDF: under the 1 MB size limit of these services.
    if (request.url === '/bomb.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdfBomb(900));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await guarded?.close();
  await allowed?.close();
  await llm?.close();
  files?.closeAllConnections();
  files?.close();
});

const remote = (url: string) => ({ type: 'document', transfer_method: 'remote_url', url });
const ask = (h: Harness, url: string) =>
  h.call('paper-chat', '/chat-messages', {
    body: { query: 'What does the file say?', inputs: { paper: 'P' }, user: 'u1', files: [remote(url)], response_mode: 'blocking' },
  });

describe('remote_url files', () => {
  it('are offered by /parameters beside uploads', async () => {
    const parameters = await (await guarded.call('paper-chat', '/parameters')).json();
    expect(parameters.file_upload.allowed_file_upload_methods).toEqual(['local_file', 'remote_url']);
  });

  it('are never fetched from loopback, private, link-local or metadata addresses', async () => {
    const before = llm.requests.length;
    for (const url of [`${base}/notes.txt`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.5/notes.txt', 'file:///etc/passwd']) {
      const res = await ask(guarded, url);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ code: 'invalid_param', message: expect.stringMatching(/^The remote file could not be fetched/) });
    }
    expect(llm.requests.length).toBe(before);
  });

  it('are read into the question like an upload, after redirects, and refused past a redirect to a refused address', async () => {
    for (const path of ['/notes.txt', '/moved']) {
      const res = await ask(allowed, `${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(textOf(llm.requests.at(-1)!.messages.at(-1)!)).toContain('<attached_file name="notes.txt">\nMeasured at 42 kelvin.\n</attached_file>');
      // The question keeps the file as it was sent.
      const { conversation_id: conversation } = (await res.json()) as { conversation_id: string };
      const history = await (await allowed.call('paper-chat', `/messages?user=u1&conversation_id=${conversation}`)).json();
      expect(history.data[0].message_files).toEqual([
        { id: expect.any(String), type: 'document', url: `${base}${path}`, belongs_to: 'user', transfer_method: 'remote_url' },
      ]);
    }
    const metadata = await ask(allowed, `${base}/to-metadata`);
    expect(metadata.status).toBe(400);
    expect((await metadata.json()).message).toMatch(/not fetched/);
  });

  it('keep to the upload size limit and answer what the server answered', async () => {
    const huge = await ask(allowed, `${base}/huge.txt`);
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('file_too_large');
    const missing = await ask(allowed, `${base}/missing.txt`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('The remote file could not be fetched: the server answered 404.');
  });

  it('are read like uploads: a compression bomb stops at the decoding budget, with the same clear error', async () => {
    const before = llm.requests.length;
    const res = await ask(allowed, `${base}/bomb.pdf`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'document_too_large', file: 'bomb.pdf', pages_read: 0, reason: 'decoded' });
    expect(llm.requests.length).toBe(before);
  });
});
