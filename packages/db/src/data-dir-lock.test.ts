// One owner per data directory, across real processes: a second opener is refused with one line naming the
// holder, children of the holder join it, and a holder killed with SIGKILL does not lock the directory forever.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, LOCK_TOKEN_ENV } from './data-dir-lock';
import { openDatabase } from './client';

const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'citewise-lock-'));
let dir: string;
let n = 0;
beforeEach(() => {
  dir = path.join(root, `data-${n++}`);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A script run by another Node process that takes the lock on `dir` and then `then` (code after taking it). */
function script(then: string) {
  return `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
try { acquireDataDirLock(${JSON.stringify(dir)}, { port: process.env.PORT }); } catch (e) { console.error(e.message); process.exit(3); }
${then}`;
}

function runNode(source: string, env: Record<string, string> = {}) {
  const childEnv = { ...process.env, ...env };
  if (!env[LOCK_TOKEN_ENV]) delete childEnv[LOCK_TOKEN_ENV];
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { env: childEnv, encoding: 'utf8' });
}

/** A process that holds the lock until killed; resolves once it holds it. */
async function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script('console.log("held"); setInterval(() => {}, 1000);')], {
    env: { ...process.env, PORT: '4321', [LOCK_TOKEN_ENV]: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('held');
  return child;
}

describe('the data directory lock', () => {
  it('refuses a second process with one line naming the directory, the holder and what to do', () => {
    const lock = acquireDataDirLock(dir, { port: '3000' });
    const second = runNode(script('console.log("opened")'));
    expect(second.status).toBe(3);
    expect(second.stdout).toBe('');
    const line = second.stderr.trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(`DATA_DIR ${dir} is in use by pid ${process.pid} (port 3000`);
    expect(line).toMatch(/stop that process first/);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(runNode(script('console.log("opened")')).stdout.trim()).toBe('opened');
  });

  it('lets the holder’s child processes in with its token, and is counted within one process', () => {
    const lock = acquireDataDirLock(dir);
    const again = acquireDataDirLock(dir);
    const child = runNode(script('console.log("joined")'), { [LOCK_TOKEN_ENV]: lock.token });
    expect(child.stdout.trim()).toBe('joined');
    again.release();
    expect(runNode(script('')).status).toBe(3);
    lock.release();
    expect(runNode(script('')).status).toBe(0);
  });

  it('is taken over once its holder was killed with SIGKILL', async () => {
    const child = await holder();
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by pid ${child.pid} (port 4321`);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).members).toEqual([expect.objectContaining({ pid: process.pid })]);
    lock.release();
  });

  it('is taken over at once when its holder was killed and is a zombie no one has reaped yet', async () => {
    // The holder's parent is a shell that never waits for it (as when a supervisor kills the server's process
    // group): after SIGKILL the holder stays a zombie, and kill(pid, 0) still succeeds on it.
    const shell = spawn('sh', ['-c', `"${process.execPath}" --import tsx --input-type=module -e "$HOLDER" & echo $!; exec sleep 60`], {
      env: { ...process.env, PORT: '4322', [LOCK_TOKEN_ENV]: '', HOLDER: script('setInterval(() => {}, 1000);') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [chunk] = (await once(shell.stdout!, 'data')) as [Buffer];
      const pid = Number(chunk.toString().trim());
      await expect.poll(() => fs.existsSync(path.join(dir, LOCK_FILE)), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).members[0].pid, { timeout: 30_000 }).toBe(pid);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by pid ${pid}`);
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 10_000 }).toBe('Z');
      const lock = acquireDataDirLock(dir);
      lock.release();
    } finally {
      shell.kill('SIGKILL');
    }
  });

  it('is stale when its pid now belongs to another process (a restarted container)', () => {
    fs.mkdirSync(dir, { recursive: true });
    const record = { token: 'old', port: '3000', command: 'npm start', since: '2020-01-01T00:00:00.000Z', hostname: os.hostname() };
    for (const members of [[{ pid: process.pid, started: null }], [{ pid: process.ppid, started: '1' }]]) {
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ ...record, members }));
      acquireDataDirLock(dir).release();
    }
  });

  it('guards PGlite: a second process cannot open the database while this one has it open', async () => {
    const handle = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const other = runNode(`import { openDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'client.ts'))};
try { await openDatabase({ dataDir: ${JSON.stringify(path.join(dir, 'pglite'))} }); } catch (e) { console.error(e.message); process.exit(3); }`);
    expect(other.status).toBe(3);
    expect(other.stderr).toContain(`DATA_DIR ${dir} is in use by pid ${process.pid}`);
    await handle.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
