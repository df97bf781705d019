// @ts-check
// npm test: everything, in the order that fails fastest — lint, typecheck, unit and integration
// tests, then a production build served to Playwright in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/build.mjs';
import { databaseTests } from './lib/database-tests.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const only = process.argv[2]; // `lint`, `typecheck`, `unit` or `e2e` runs one step

/**
 * Runs one step; a failure ends `npm test` with the step's exit code.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string> }} [options]
 */
function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options.env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Workspaces (apps/*, packages/*, platform/*) that have a file named `file`.
 * @param {string} file
 */
function workspacesWith(file) {
  return ['apps', 'packages', 'platform'].flatMap((group) => {
    const dir = path.join(root, group);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .map((name) => path.join(group, name))
      .filter((workspace) => fs.existsSync(path.join(root, workspace, file)));
  });
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH) and run npm test again.`);
    process.exit(1);
  }
  run('installing Chromium from Debian packages', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

const steps = {
  lint() {
    for (const workspace of workspacesWith('eslint.config.mjs')) {
      run(`lint ${workspace}`, 'npx', ['eslint', '--max-warnings=0', '.'], { cwd: path.join(root, workspace) });
    }
    // Not a workspace: the start, build, test and serve scripts, with a config of their own.
    run('lint scripts', 'npx', ['eslint', '--max-warnings=0', '.'], { cwd: path.join(root, 'scripts') });
    // Every code file as Prettier writes it (.prettierrc.json); `npm run format` fixes what this names.
    run('formatting', 'npx', ['prettier', '--check', '--log-level', 'warn', '**/*.{ts,tsx,mts,mjs,js,cjs,css}']);
  },
  typecheck() {
    for (const workspace of workspacesWith('tsconfig.json')) {
      run(`typecheck ${workspace}`, 'npx', ['tsc', '--noEmit', '-p', workspace]);
    }
    run('typecheck bench', 'npx', ['tsc', '--noEmit', '-p', 'bench']);
    run('typecheck scripts', 'npx', ['tsc', '--noEmit', '-p', 'scripts']);
  },
  unit() {
    // CI retries a failed test once, as the end-to-end tests do there: a test that needs its retry is a defect to
    // fix, not a pass to rely on.
    const retry = process.env.CI ? ['--retry', '1'] : [];
    run('unit and integration tests (PGlite)', 'npx', ['vitest', 'run', ...retry], { env: { TEST_DATABASE_URL: '' } });
    // The suites that open a database, again on a PostgreSQL server when one is named (CI does): only their files,
    // as the others would give the same answer twice (scripts/lib/database-tests.mjs decides which).
    if (process.env.TEST_DATABASE_URL) {
      const workspaces = ['packages/db', 'platform/auth', 'packages/scholar', 'platform/ai', 'platform/storage', 'apps/web'];
      const files = workspaces.flatMap((workspace) => databaseTests(root, workspace));
      run(`integration tests on PostgreSQL (${files.length} files)`, 'npx', ['vitest', 'run', ...retry, ...files], {
        env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      });
    }
  },
  e2e() {
    ensureChromium();
    run('end-to-end tests', 'npx', ['playwright', 'test'], { cwd: path.join(root, 'apps', 'web'), env: { CHROMIUM_PATH: chromium } });
  },
};

if (only && !(only in steps)) {
  console.error(`Unknown step ${only}; use one of ${Object.keys(steps).join(', ')}`);
  process.exit(2);
}
if (only) {
  steps[/** @type {keyof typeof steps} */ (only)]();
} else {
  // Lint and typecheck each use one core: on CI's two they run side by side, each printing its output when done.
  await Promise.all(['lint', 'typecheck'].map(runAside));
  if (process.exitCode) process.exit(process.exitCode);
  steps.unit();
  steps.e2e();
}

/**
 * Runs one step of this script in a child process beside another, and prints its output whole when it ends; a failure
 * ends `npm test` with the step's exit code once both have ended.
 * @param {string} step
 * @returns {Promise<void>}
 */
function runAside(step) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [import.meta.filename, step], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) process.exitCode = code ?? 1;
      resolve();
    });
  });
}
