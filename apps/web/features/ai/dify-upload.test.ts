import { createAiService, loadAiConfig, type AiService } from '@citewise/platform-ai';
import { sourceRegistry } from '@citewise/scholar';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { h, startHarness, stopHarness, testUser } from './testing/proxy-harness';
import { serveFetch, type ServedFetch } from './testing/serve-fetch';

// POST /api/ai/dify/files/upload streams the browser's form through to the runtime under the runtime's own size
// limit: refused from Content-Length before a byte is read, or as soon as a body without one passes the limit, and
// never held whole (against the real embedded runtime, and a runtime over HTTP as a Dify server in DIFY_API_URL).
vi.setConfig({ testTimeout: 60_000 });
vi.mock('@/lib/db/database', async () => ({ appDatabase: async () => (await import('./testing/proxy-harness')).h.handle }));
vi.mock('@/lib/auth/session', async () => ({ currentUser: async () => (await import('./testing/proxy-harness')).h.signedIn }));
vi.mock('@/lib/platform/services', async () => ({ aiPlatform: async () => (await import('./testing/proxy-harness')).runtime() }));

const MB = 1024 * 1024;
const alice = testUser();
const boundary = 'citewise-test-boundary';
const encoder = new TextEncoder();
const fileHead = (name: string) =>
  encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="user"\r\n\r\nmallory\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
const formEnd = encoder.encode(`\r\n--${boundary}--\r\n`);

/** A form whose file is `size` bytes of `a`, sent in 64 kB chunks, counting what the proxy pulled of it. */
function streamedForm(size: number) {
  const head = fileHead('big.txt');
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let stage: 'head' | 'file' | 'end' | 'done' = 'head';
  let sent = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let next: Uint8Array;
      if (stage === 'head') {
        next = head;
        stage = 'file';
      } else if (stage === 'file') {
        next = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += next.length;
        if (sent >= size) stage = 'end';
      } else if (stage === 'end') {
        next = formEnd;
        stage = 'done';
      } else {
        return controller.close();
      }
      pulled += next.length;
      controller.enqueue(next);
    },
  });
  return { stream, pulled: () => pulled, total: head.length + size + formEnd.length };
}

async function upload(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Promise<Response> {
  const route = await import('@/app/api/ai/dify/[...path]/route');
  const init = { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers }, body, duplex: 'half' };
  const request = new NextRequest('http://localhost/api/ai/dify/files/upload?appid=paper-chat', init as RequestInit as never);
  return route.POST(request, { params: Promise.resolve({ path: ['files', 'upload'] }) });
}

const uploadsSent = () => h.sent.filter((request) => new URL(request.url).pathname.endsWith('/files/upload'));

beforeAll(async () => {
  await startHarness();
  h.signedIn = alice;
}, 60_000);

afterAll(stopHarness);

describe('an upload through the AI proxy', () => {
  it('reaches the runtime while the browser is still sending it, as the verified user', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let part = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        part += 1;
        if (part === 1) return controller.enqueue(encoder.encode(`${new TextDecoder().decode(fileHead('notes.txt'))}First half, `));
        // The rest only once the runtime has the request: a proxy that read the whole body first never gets here.
        await released;
        controller.enqueue(encoder.encode('second half.'));
        controller.enqueue(formEnd);
        controller.close();
      },
    });
    const before = uploadsSent().length;
    const answer = upload(body);
    await vi.waitFor(() => expect(uploadsSent().length).toBe(before + 1));
    release();
    const response = await answer;
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'notes.txt', size: 24, extension: 'txt' });
    const forwarded = await uploadsSent().at(-1)!.formData();
    expect(forwarded.getAll('user')).toEqual([`cw:${alice.id}`]);
    expect(await (forwarded.get('file') as File).text()).toBe('First half, second half.');
  });

  it('refuses an upload whose Content-Length passes the runtime’s limit without reading it', async () => {
    const before = uploadsSent().length;
    const form = streamedForm(100 * MB);
    const response = await upload(form.stream, { 'content-length': String(form.total), 'x-locale': 'zh' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'file_too_large', message: '文件超过了此助手接受的 15 MB 上限。', status: 413 });
    // At most the one chunk a stream queues ahead of its reader.
    expect(form.pulled()).toBeLessThanOrEqual(64 * 1024);
    expect(uploadsSent().length).toBe(before);
  });

  it('stops reading an upload without a length as soon as it passes the limit', async () => {
    const form = streamedForm(40 * MB);
    const response = await upload(form.stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'file_too_large', message: 'The file is larger than the 15 MB this assistant accepts.' });
    // The limit and its room for the form's framing, and the chunks in flight past it.
    expect(form.pulled()).toBeLessThan(15 * MB + 64 * 1024 + 4 * 64 * 1024);
  });

  it('refuses a form that names the user twice in one part, before the runtime can read a field from it', async () => {
    const body = new Response(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; name="user"; filename="a.txt"\r\n\r\ncw:someone\r\n--${boundary}--\r\n`,
    ).body!;
    const response = await upload(body);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('no_file_uploaded');
  });
});

describe('an upload to a Dify server in DIFY_API_URL', () => {
  let remote: AiService;
  let served: ServedFetch;
  const saved = { url: process.env.DIFY_API_URL, key: process.env.DIFY_APP_KEY_PAPER_CHAT };

  beforeAll(async () => {
    // A runtime with limits of its own (1 MB), over HTTP: the proxy learns them from its /parameters.
    remote = await createAiService({
      db: h.handle.db,
      config: loadAiConfig({ AI_UPLOAD_FILE_SIZE_LIMIT: '1', AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT: '1' }),
      sources: sourceRegistry([], 1000),
      basePath: '/platform',
    });
    served = await serveFetch((request) => remote.fetch(request));
    process.env.DIFY_API_URL = `${served.origin}/platform/ai/v1`;
    process.env.DIFY_APP_KEY_PAPER_CHAT = remote.keys['paper-chat'];
  });

  afterAll(async () => {
    for (const [name, value] of [
      ['DIFY_API_URL', saved.url],
      ['DIFY_APP_KEY_PAPER_CHAT', saved.key],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await served?.close();
    await remote?.idle();
  });

  it('streams a file within the server’s limit to it, and refuses one past it at the server’s limit', async () => {
    const small = streamedForm(512 * 1024);
    const accepted = await upload(small.stream);
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ name: 'big.txt', size: 512 * 1024, created_by: `cw:${alice.id}` });

    const big = streamedForm(8 * MB);
    const refused = await upload(big.stream);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'file_too_large', message: 'The file is larger than the 1 MB this assistant accepts.' });
    expect(big.pulled()).toBeLessThan(1 * MB + 64 * 1024 + 4 * 64 * 1024);
  });
});
