// Attached PDFs are read on a thread of their own, under a page count, a decoding budget, a heap limit and a
// deadline, and each file's reading is kept: a compression bomb or a PDF of thousands of pages gets a clear error in
// its own words, quickly, while the server keeps answering everyone else.
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfLimits, readDocument, readingCache } from '../src/files/document-text';
import { readPdf } from '../src/files/read-pdf';
import { loadAiConfig } from '../src/index';
import { BASE, startAi, type Harness } from './harness';
import { startOpenAiTestServer, textOf, type OpenAiTestServer } from './openai-test-server';
import { pdfBomb, pdfWithChineseText, pdfWithPages } from './pdf-fixture';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

async function upload(name: string, content: Uint8Array<ArrayBuffer>): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/pdf' }), name);
  form.append('user', 'u1');
  const res = await h.service.fetch(
    new Request(`${BASE}/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${h.key('paper-chat')}` }, body: form }),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const ask = (id: string) =>
  h.call('paper-chat', '/chat-messages', {
    body: {
      query: 'What does the file say?',
      inputs: { paper: 'P' },
      user: 'u1',
      files: [{ type: 'document', transfer_method: 'local_file', upload_file_id: id }],
      response_mode: 'blocking',
    },
  });

const defaults = pdfLimits(loadAiConfig({}));

describe('reading an attached PDF', () => {
  it('builds a bomb that really inflates to what it says', () => {
    const bomb = Buffer.from(pdfBomb(4));
    const start = bomb.indexOf('stream\n') + 7;
    expect(zlib.inflateSync(bomb.subarray(start, bomb.indexOf('\nendstream'))).length).toBe(4 * 1024 * 1024);
  });

  it('stops a compression bomb at the decoding budget, and the chat says so in words a page can translate', async () => {
    const bomb = pdfBomb(1024);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const id = await upload('bomb.pdf', bomb);
    const before = llm.requests.length;
    const res = await ask(id);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'document_too_large',
      message: 'The PDF bomb.pdf is too large to read (its contents decode to more than 64 MB); 0 pages read.',
      status: 400,
      file: 'bomb.pdf',
      pages_read: 0,
      reason: 'decoded',
    });
    expect(llm.requests.length).toBe(before);
  });

  it('stops a PDF of thousands of blank pages at the page count', async () => {
    const id = await upload('blank.pdf', pdfWithPages(Array<string>(5000).fill('')));
    const res = await ask(id);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'document_too_large', file: 'blank.pdf', pages_read: defaults.maxPages, reason: 'pages' });
  });

  it('reads a long PDF only until the text limit, and hands the model what it read', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `Page ${i + 1} reports a measurement.`);
    const textLimit = 1000;
    const reading = await readPdf(pdfWithPages(lines), { ...defaults, textLimit });
    expect(reading).toMatchObject({ ok: true, truncated: true });
    if (!reading.ok) return;
    expect(reading.text).toHaveLength(textLimit);
    expect(reading.text.startsWith('Page 1 reports a measurement.\nPage 2 reports')).toBe(true);
    // 30 characters a page with its line break, 31 from page 10: 33 pages pass 1,000 characters; the rest are not read.
    expect(reading.pagesRead).toBe(33);

    // 10 lines a page: the runtime's 40,000 characters are on the first hundred pages or so.
    const paragraphs = Array.from({ length: 3000 }, (_, i) => Array.from({ length: 10 }, (__, j) => `Page ${i + 1}, line ${j + 1}: a measurement.`).join('\n'));
    const id = await upload('long.pdf', pdfWithPages(paragraphs));
    expect((await ask(id)).status).toBe(200);
    const sent = textOf(llm.requests.at(-1)!.messages.at(-1)!);
    expect(sent).toContain('<attached_file name="long.pdf">\nPage 1, line 1: a measurement.\nPage 1, line 2: a measurement.\n');
    expect(sent).toContain('[The rest of the file was cut off.]');
  });

  it('reads Chinese text in a font the PDF does not embed, with the character maps of pdfjs-dist', async () => {
    expect(await readPdf(pdfWithChineseText('石墨烯的电导率随应变增加'), defaults)).toEqual({
      ok: true,
      text: '石墨烯的电导率随应变增加',
      truncated: false,
      pagesRead: 1,
    });
  });

  it('stops a reading at its deadline, and a thread past its heap, saying how far each got', async () => {
    const many = pdfWithPages(Array.from({ length: 20_000 }, (_, i) => `Line ${i}`));
    const slow = await readPdf(many, { ...defaults, textLimit: 1_000_000, maxPages: 1_000_000, timeoutMs: 1000 });
    expect(slow).toMatchObject({ ok: false, reason: 'deadline' });
    expect(await readPdf(many, { ...defaults, heapMb: 2 })).toMatchObject({ ok: false, reason: 'memory', pagesRead: 0 });
  });

  it('keeps each file’s reading: an upload named again is not even loaded again, the same bytes are read once', async () => {
    const content = pdfWithPages(['A file read once.']);
    const limits = { ...defaults, textLimit: 1234 };
    let loads = 0;
    const upload = { name: 'once.pdf', extension: 'pdf', uploadId: randomUUID(), bytes: async () => ((loads += 1), content) };
    const before = readingCache.readings;
    const [first, second] = await Promise.all([readDocument(upload, limits), readDocument(upload, limits)]);
    expect(first).toEqual({ ok: true, text: 'A file read once.', truncated: false, pagesRead: 1 });
    expect(second).toEqual(first);
    expect(await readDocument(upload, limits)).toEqual(first);
    expect(loads).toBe(1);
    // The same bytes fetched from elsewhere (a remote_url file) are known by their hash: read once more, then kept.
    const remote = () => readDocument({ name: 'remote.pdf', extension: 'pdf', bytes: async () => new Uint8Array(content) }, limits);
    expect(await remote()).toEqual(first);
    expect(await remote()).toEqual(first);
    expect(readingCache.readings - before).toBe(2);
  });

  it('keeps the server answering while a bomb is read: other requests are served, the event loop barely waits', async () => {
    const waits = timerWaits();
    const started = performance.now();
    let done = false;
    // New bytes (a bigger bomb) so the reading is not the cached one of the test above.
    const reading = readDocument({ name: 'bomb.pdf', extension: 'pdf', bytes: async () => pdfBomb(1025) }, defaults).finally(() => (done = true));
    let answered = 0;
    while (!done) {
      const res = await h.call('paper-chat', '/parameters');
      expect(res.status).toBe(200);
      await res.body?.cancel();
      answered += 1;
      // The runtime answers this one from memory, in promise callbacks only: let the event loop turn between
      // requests, as it does between a server's requests, so that the thread's answer can arrive.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await reading).toMatchObject({ ok: false, reason: 'decoded' });
    const elapsedMs = performance.now() - started;
    const longestWait = waits.stop();
    expect(answered).toBeGreaterThan(1);
    // On the serving thread the bomb would keep a timer waiting for the whole reading; on its own thread the
    // longest wait is a small part of it (both measured in this run).
    expect(longestWait).toBeLessThan(elapsedMs / 4);
  });
});

/**
 * The longest a 5 ms timer waited past its time until `stop`, as a health check waits for the event loop. (Not
 * monitorEventLoopDelay: work that keeps the loop in promise callbacks never lets its timer fire, and shows no
 * delay at all.)
 */
function timerWaits() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last - 5);
    },
  };
}
