// Client addresses come from the socket: the server `npm start` runs, started here on the test build with its
// default settings (no TRUST_PROXY), ignores X-Forwarded-For and our own header when a client writes them, in the
// product's limits and in the auth service's. The shared test servers trust the test runner as a proxy
// (playwright.config.ts), which every other spec relies on.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2ePort } from '../support/mailbox-key';

const port = e2ePort + 8;
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;
let output = '';

// One server for both tests.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citewise-e2e-addresses-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${e2ePort}`,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    SCHOLAR_SOURCES: 'local',
    AUTH_RATE_LIMIT_VERIFY: '3',
  };
  delete env.TRUST_PROXY;
  delete env.CITEWISE_DATA_DIR_LOCK;
  server = spawn(process.execPath, [path.join('..', '..', 'scripts', 'serve.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 200_000;
  let health = '';
  while ((await request.get(`${origin}/api/health`).catch(() => null))?.status() !== 200) {
    health = await request.get(`${origin}/api/health`).then(async (r) => `${r.status()} ${await r.text()}`, String);
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start (${health}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `count` requests, each claiming another address, and returns their statuses. */
async function statuses(request: APIRequestContext, count: number, send: (headers: Record<string, string>) => Promise<number>) {
  const result: number[] = [];
  for (let i = 1; i <= count; i++) {
    result.push(await send({ 'x-forwarded-for': `198.18.7.${i}`, 'x-citewise-client-address': `198.18.8.${i}` }));
  }
  return result;
}

test('the auth service counts the socket address, not the one a client claims', async ({ request }) => {
  const result = await statuses(request, 4, async (headers) =>
    (await request.post(`${origin}/platform/auth/v1/verify`, { headers, data: { type: 'signup', token_hash: 'not-a-real-token' } })).status(),
  );
  expect(result.slice(0, 3)).not.toContain(429);
  expect(result[3]).toBe(429);
});

test("the product's limits count the socket address, not the one a client claims", async ({ request }) => {
  const result = await statuses(request, 11, async (headers) =>
    (await request.post(`${origin}/api/scholar/verify`, { headers, data: { text: 'Smith J. A study of nothing. 2020.' } })).status(),
  );
  expect(result.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(result[10]).toBe(429);
});
