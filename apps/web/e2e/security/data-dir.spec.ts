// One owner per data directory, against the started test server: a second `npm start` on its DATA_DIR (another
// port) stops within seconds with one line naming the directory and the holder, and the first keeps serving.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDataDir, e2ePort } from '../support/mailbox-key';

test('a second npm start on the same DATA_DIR exits non-zero with one line, and the first keeps serving', async ({ request }) => {
  const dataDir = e2eDataDir(e2ePort);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(e2ePort + 7) };
  delete env.CITEWISE_DATA_DIR_LOCK;
  const second = spawn(process.execPath, [path.join('..', '..', 'scripts', 'start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  second.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(second, 'exit')) as [number | null];

  expect(code).not.toBe(0);
  expect(stdout).not.toMatch(/building|build is current/);
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by pid \\d+ \\(port ${e2ePort}, since `));
  expect(lines[0]).toContain('stop that process first');

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const signup = await request.post('/platform/auth/v1/signup', { data: { email: `lock.${Date.now()}@example.com`, password: 'correct-Horse-7-battery' } });
  expect(signup.status()).toBe(200);
});
