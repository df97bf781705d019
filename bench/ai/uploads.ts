// Memory of the product's server around uploads through /api/ai/dify/files/upload: refused uploads (a declared
// Content-Length past the runtime's limit, and bodies without one that pass it while streaming) next to accepted
// small uploads and to the server at rest, all in one run against the server `npm start` runs.
//
//   npm run bench:ai-uploads [-- --count 20 --port 3300]
//
// The server's memory is its process tree's resident set (Linux /proc), read after each phase once it has settled.
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { startOpenAiTestServer } from '@citewise/platform-ai/test-server';
import { signedInCookies, startProduct } from './product-server';

const { values } = parseArgs({ options: { count: { type: 'string', default: '20' }, port: { type: 'string', default: '3300' } } });
const count = Number(values.count);
const MB = 1024 * 1024;
const boundary = 'bench-boundary';

/** Resident memory (MB) of a process and everything it started. */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (id: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        for (const child of fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(child));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return kb / 1024;
}

/** Resident memory once it stops falling: the most recent of readings 500 ms apart, after at most 10 s. */
async function settledRss(pid: number): Promise<number> {
  let last = treeRssMb(pid);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = treeRssMb(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/**
 * One upload over plain HTTP, its file `size` bytes sent in 64 kB chunks, stopping as soon as the server answers;
 * with `declare`, a Content-Length for the whole form. Answers the status and the bytes sent.
 */
function send(origin: string, cookies: string, size: number, declare: boolean): Promise<{ status: number; sent: number }> {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data.txt"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const url = new URL('/api/ai/dify/files/upload?appid=paper-chat', origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies };
    if (declare) headers['content-length'] = head.length + size + tail.length;
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      answered = true;
      response.resume();
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, sent });
      });
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      if (answered) return;
      let ok = true;
      if (sent === 0) ok = request.write(head);
      while (ok && sent < size && !answered) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        ok = request.write(part);
      }
      if (sent >= size) request.end(tail);
      else if (!answered) request.once('drain', write);
    };
    write();
  });
}

const llm = await startOpenAiTestServer();
const product = await startProduct(Number(values.port), llm.url);
try {
  const cookies = await signedInCookies(product.origin, 0);
  const rows: [string, string, string, string][] = [];
  const row = (phase: string, before: number, after: number, note: string) =>
    rows.push([phase, `${after.toFixed(0)} MB`, `${((after - before) / count).toFixed(2)} MB`, note]);

  // Warm-up: the route's code loaded, the runtime started, its limit asked for.
  for (let i = 0; i < 3; i++) await send(product.origin, cookies, 1024, true);
  const rest = await settledRss(product.pid);
  rows.push(['at rest, after warm-up', `${rest.toFixed(0)} MB`, '—', '']);

  let before = rest;
  const statuses = new Set<number>();
  for (let i = 0; i < count; i++) statuses.add((await send(product.origin, cookies, 100 * 1024, true)).status);
  let after = await settledRss(product.pid);
  row(`${count} accepted uploads of 100 kB`, before, after, `status ${[...statuses].join(', ')}`);

  before = after;
  statuses.clear();
  let sent = 0;
  for (let i = 0; i < count; i++) {
    const result = await send(product.origin, cookies, 100 * MB, true);
    statuses.add(result.status);
    sent += result.sent;
  }
  after = await settledRss(product.pid);
  row(
    `${count} uploads declaring 100 MB`,
    before,
    after,
    `status ${[...statuses].join(', ')}; ${(sent / count / MB).toFixed(1)} MB sent each before the answer`,
  );

  before = after;
  statuses.clear();
  sent = 0;
  for (let i = 0; i < count; i++) {
    const result = await send(product.origin, cookies, 40 * MB, false);
    statuses.add(result.status);
    sent += result.sent;
  }
  after = await settledRss(product.pid);
  row(
    `${count} uploads of 40 MB without a length`,
    before,
    after,
    `status ${[...statuses].join(', ')}; ${(sent / count / MB).toFixed(1)} MB sent each before the answer`,
  );

  console.log(`\nServer memory (resident, process tree) around uploads through /api/ai/dify/files/upload, ${count} per phase\n`);
  console.log('| phase | resident after | growth per upload | |');
  console.log('| --- | ---: | ---: | --- |');
  for (const [phase, rss, growth, note] of rows) console.log(`| ${phase} | ${rss} | ${growth} | ${note} |`);
} finally {
  await product.stop();
  await llm.close();
}
