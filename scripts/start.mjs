// @ts-check
// npm start: build when needed, then serve the product on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ensureBuild, markServing, root, webDir } from './lib/build.mjs';

const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');

// One owner per data directory (packages/db/src/data-dir-lock.ts), taken before building so that a second start
// stops within seconds; the processes started below inherit the lock's token and open the database under it.
if (!process.env.DATABASE_URL?.trim()) {
  const lockModule = new URL('../packages/db/src/data-dir-lock.ts', import.meta.url).href;
  /** @type {typeof import('../packages/db/src/data-dir-lock')} */
  const { acquireDataDirLock, DataDirLockedError, LOCK_TOKEN_ENV } = await tsImport(lockModule, import.meta.url);
  try {
    process.env[LOCK_TOKEN_ENV] = acquireDataDirLock(dataDir, { port: process.env.PORT || '3000', command: 'npm start' }).token;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// Also settles SITE_URL (by default this machine on PORT), which the server below inherits.
ensureBuild();

// The first start imports the default corpus into the local search index (with a progress bar), before the server
// opens the database: an embedded PGlite database has one owner at a time.
const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join('packages', 'scholar', 'src', 'cli.ts'), 'prepare'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

const port = process.env.PORT || '3000';
markServing(port);
// Next's request handler behind our own HTTP server, which tells the product the client's address (TRUST_PROXY).
const server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
  cwd: webDir,
  stdio: 'inherit',
  // DATA_DIR is resolved here because the server's working directory is apps/web.
  env: { ...process.env, PORT: port, DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
