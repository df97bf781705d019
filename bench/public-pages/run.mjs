// Throughput and latency of public pages served by the product, next to the same prerendered HTML
// served from memory by a minimal Node static server, measured in one run on this machine.
// Usage: npm run bench:public-pages [-- --seconds 10 --connections 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuild, root, webDir } from '../../scripts/lib/build.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const pages = [
  { name: 'home /', url: '/', file: 'en.html' },
  { name: 'docs /docs/getting-started', url: '/docs/getting-started', file: 'en/docs/getting-started.html' },
];

ensureBuild();

/** The baseline: a static server that answers from memory with the product's own prerendered HTML. */
function startStaticServer() {
  const bodies = new Map(
    pages.map((page) => [page.url, fs.readFileSync(path.join(webDir, '.next', 'server', 'app', page.file))]),
  );
  const server = http.createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startProduct() {
  const port = 3900 + Math.floor(Math.random() * 90);
  // The server `npm start` runs, on the current build.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: webDir,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, origin };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the product server did not start within 30 s');
}

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration, connections }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const staticServer = await startStaticServer();
const staticOrigin = `http://127.0.0.1:${staticServer.address().port}`;
const product = await startProduct();

const rows = [];
try {
  for (const page of pages) {
    // Warm both servers so the first requests' compilation and caches do not count.
    await Promise.all([fetch(product.origin + page.url), fetch(staticOrigin + page.url)]);
    const ours = await measure(product.origin + page.url);
    const base = await measure(staticOrigin + page.url);
    if (ours.non2xx || base.non2xx) throw new Error(`${page.name}: non-2xx answers during the run`);
    rows.push({ page: page.name, server: 'citewise', ours });
    rows.push({ page: page.name, server: 'static baseline', ours: base });
    rows.push({
      page: page.name,
      server: 'ratio citewise/static',
      ratio: {
        throughput: ours.requests.average / base.requests.average,
        p50: ours.latency.p50 / Math.max(base.latency.p50, 0.001),
        p99: ours.latency.p99 / Math.max(base.latency.p99, 0.001),
      },
    });
  }
} finally {
  product.child.kill();
  staticServer.close();
}

console.log(`\npublic pages: ${duration} s per run, ${connections} connections, ${new Date().toISOString()}\n`);
console.log('page                          server                  req/s     p50 ms   p99 ms');
for (const row of rows) {
  const name = row.page.padEnd(30);
  if (row.ratio) {
    console.log(
      `${name}${row.server.padEnd(22)}  ${row.ratio.throughput.toFixed(2).padStart(7)}x  ${row.ratio.p50.toFixed(2).padStart(6)}x  ${row.ratio.p99.toFixed(2).padStart(6)}x`,
    );
  } else {
    const r = row.ours;
    console.log(
      `${name}${row.server.padEnd(22)}  ${r.requests.average.toFixed(0).padStart(8)}  ${String(r.latency.p50).padStart(7)}  ${String(r.latency.p99).padStart(7)}`,
    );
  }
}
