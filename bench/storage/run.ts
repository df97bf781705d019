// Upload and download throughput of one large file through platform/storage (over HTTP, raw body streamed from and
// to disk), next to a plain copy of the same file on the same disk in the same run; and the server's memory while it
// happens, sampled from another process (the body must stream: peak memory stays flat whatever the file size).
// The reference is a streamed copy that fsyncs, as the service does before it renames a blob into place; the copies
// without fsync show what the page cache alone allows.
// Usage: npm run bench:storage [-- --mb 50]   (PGlite in memory; DATABASE_URL for PostgreSQL)
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '50' } } });
const size = Number(values.mb) * 1024 * 1024;
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-bench-storage-'));
const source = path.join(work, 'source.bin');

// Random bytes (nothing compresses or dedupes them), written in 1 MiB chunks.
{
  const out = await fs.open(source, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += chunk.length) {
    for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    await out.write(chunk, 0, Math.min(chunk.length, size - written));
  }
  await out.close();
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts'), path.join(work, 'data')], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
  let buffered = '';
  server.stdout!.on('data', (data: Buffer) => {
    buffered += data.toString();
    const line = buffered.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line) as { port: number; token: string });
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

/** Resident memory of the server process in MiB, from /proc (Linux); null elsewhere. */
async function serverRss(): Promise<number | null> {
  try {
    const status = await fs.readFile(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return null;
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; peakMb: number | null }> {
  let peak: number | null = null;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rss = await serverRss();
      if (rss !== null) peak = Math.max(peak ?? 0, rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const start = performance.now();
  await fn();
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await sampler;
  return { seconds, peakMb: peak };
}

const base = `http://127.0.0.1:${port}/platform/storage/v1`;
const auth = { authorization: `Bearer ${token}` };
const idleMb = await serverRss();

const copy = await timed(async () => {
  await pipeline(createReadStream(source), createWriteStream(path.join(work, 'copy.bin'), { flush: true }));
});
const copyNoSync = await timed(async () => {
  await pipeline(createReadStream(source), createWriteStream(path.join(work, 'copy-nosync.bin')));
});
const copyFile = await timed(() => fs.copyFile(source, path.join(work, 'copyfile.bin')));
const upload = await timed(async () => {
  const response = await fetch(`${base}/object/bench/large.bin`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    body: Readable.toWeb(createReadStream(source)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
});
const download = await timed(async () => {
  const response = await fetch(`${base}/object/bench/large.bin`, { headers: auth });
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(path.join(work, 'download.bin')));
});
const downloaded = await fs.stat(path.join(work, 'download.bin'));
if (downloaded.size !== size) throw new Error(`downloaded ${downloaded.size} bytes, expected ${size}`);

server.kill();
await fs.rm(work, { recursive: true, force: true });

const mbps = (s: number) => size / 1024 / 1024 / s;
const rows = [
  { name: 'plain copy (stream, fsync)', ...copy },
  { name: 'plain copy (stream, no fsync)', ...copyNoSync },
  { name: 'plain copy (fs.copyFile, no fsync)', ...copyFile },
  { name: 'upload through the service', ...upload },
  { name: 'download through the service', ...download },
];
console.log(`\n${values.mb} MB file, ${os.cpus().length} CPUs, server idle RSS ${idleMb?.toFixed(0) ?? '?'} MiB\n`);
console.log('| operation | MB/s | × stream copy | server peak RSS (MiB) |');
console.log('|---|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.name} | ${mbps(row.seconds).toFixed(0)} | ${(copy.seconds / row.seconds).toFixed(2)} | ${row.peakMb?.toFixed(0) ?? 'n/a'} |`);
}
const growth = Math.max(upload.peakMb ?? 0, download.peakMb ?? 0) - (idleMb ?? 0);
console.log(`\nserver memory growth during the transfers: ${growth.toFixed(0)} MiB for a ${values.mb} MB body (flat = streamed)`);
