// Throughput and latency of public pages served by the server `npm start` runs (scripts/serve.mjs, with its
// page cache), next to the same server with PAGE_CACHE=off (every request through Next) and to a minimal static
// server answering the same bytes from memory in its own process; with and without compression, in one run.
// Usage: npm run bench:public-pages [-- --seconds 5 --connections 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuild, root, webDir } from '../../scripts/lib/build.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const pages = [
  { name: 'home /', url: '/' },
  { name: 'pricing', url: '/pricing' },
  { name: 'docs page', url: '/docs/getting-started' },
  { name: 'blog post', url: '/blog/unverifiable-citations' },
  { name: 'robots.txt', url: '/robots.txt' },
  { name: 'sitemap.xml', url: '/sitemap.xml' },
];
const encodings = [
  { name: 'none', headers: {} },
  { name: 'br', headers: { 'accept-encoding': 'gzip, deflate, br' } },
];

ensureBuild();

async function startProduct(env) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citewise-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: webDir,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, origin, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the product server did not start within 60 s');
}

async function stopProduct(product) {
  const exited = new Promise((resolve) => product.child.once('exit', resolve));
  product.child.kill();
  await exited;
  fs.rmSync(product.dataDir, { recursive: true, force: true });
}

/** The static reference, given the exact bodies the product answers with. */
async function startStatic(origin) {
  const list = [];
  for (const page of pages) {
    const response = await fetch(origin + page.url, { headers: { 'accept-encoding': 'identity' } });
    list.push({ url: page.url, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()).toString('base64') });
  }
  const file = path.join(os.tmpdir(), `citewise-bench-pages-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(list));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'static-server.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await readline
    .createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value]);
  return { child, origin: `http://127.0.0.1:${line.trim()}`, file };
}

function measure(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function run(origin, page, encoding) {
  // Warm: the first request fills the cache (or compiles), and is not counted.
  await fetch(origin + page.url, { headers: encoding.headers });
  const result = await measure(origin + page.url, encoding.headers);
  if (result.non2xx) throw new Error(`${page.name} at ${origin}: non-2xx answers during the run`);
  return result;
}

const results = new Map();
const keyOf = (server, page, encoding) => `${server}|${page.url}|${encoding.name}`;

// One product server at a time, so the two never compete for the cores.
for (const [server, env] of [
  ['citewise', {}],
  ['citewise PAGE_CACHE=off', { PAGE_CACHE: 'off' }],
]) {
  const product = await startProduct(env);
  try {
    if (server === 'citewise') {
      const reference = await startStatic(product.origin);
      try {
        for (const page of pages) for (const encoding of encodings) results.set(keyOf('static', page, encoding), await run(reference.origin, page, encoding));
      } finally {
        reference.child.kill();
        fs.rmSync(reference.file, { force: true });
      }
    }
    for (const page of pages) for (const encoding of encodings) results.set(keyOf(server, page, encoding), await run(product.origin, page, encoding));
  } finally {
    await stopProduct(product);
  }
}

const cpu = os.cpus();
console.log(`\npublic pages: ${duration} s per run, ${connections} connections, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${new Date().toISOString()}\n`);
console.log(
  `${'page'.padEnd(14)}${'encoding'.padEnd(10)}${'server'.padEnd(26)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'× static'.padStart(10)}`,
);
for (const page of pages) {
  for (const encoding of encodings) {
    const base = results.get(keyOf('static', page, encoding));
    for (const server of ['static', 'citewise', 'citewise PAGE_CACHE=off']) {
      const r = results.get(keyOf(server, page, encoding));
      console.log(
        `${page.name.padEnd(14)}${encoding.name.padEnd(10)}${server.padEnd(26)}${r.requests.average.toFixed(0).padStart(9)}${String(r.latency.p50).padStart(9)}${String(r.latency.p99).padStart(9)}${(r.requests.average / base.requests.average).toFixed(2).padStart(9)}×`,
      );
    }
  }
}
