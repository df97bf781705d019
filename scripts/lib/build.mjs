// @ts-check
// Decides whether the web app needs a new production build, and makes one when it does.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const webDir = path.join(root, 'apps', 'web');
const stampFile = path.join(webDir, '.next', 'citewise-build.json');
/** Which `npm start` processes serve this checkout's build right now (a rebuild would pull it from under them). */
const servingFile = path.join(webDir, '.citewise-serving.json');

/** Folders whose files go into the build; anything else (tests, benches, docs of the repo) does not. */
const inputs = ['apps/web', 'packages', 'platform'];
// `data` holds corpora and benchmarks that packages read at run time or in tests, never in the build.
const skipped = new Set(['node_modules', '.next', '.next-analysis', 'test-results', 'playwright-report', 'e2e', 'builds', '.data', 'coverage', 'data']);
// Files the build itself writes: hashing them would make the first build's stamp stale at once.
const generated = new Set([path.join('apps', 'web', 'next-env.d.ts'), path.join('apps', 'web', '.citewise-serving.json')]);
/** Variables read at build time: changing one must produce a new build. */
export const buildTimeVariables = ['SITE_URL', 'BUILD_ID'];

/** @typedef {{ pid: number, port: number, since: string }} ServingInstance */

/**
 * Every build input under `dir`.
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.tsbuildinfo') && !generated.has(path.relative(root, full)))
      yield full;
  }
}

/** A hash of every build input's path and content, the lockfile and the build-time variables. */
export function buildFingerprint() {
  const hash = createHash('sha256');
  /** @type {string[]} */
  const files = [];
  for (const input of inputs) {
    const dir = path.join(root, input);
    if (fs.existsSync(dir)) files.push(...walk(dir));
  }
  files.push(path.join(root, 'package-lock.json'));
  for (const file of files.sort()) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const name of buildTimeVariables) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** Whether the last build was made from inputs with this fingerprint, and is still there. */
export function buildIsCurrent(fingerprint = buildFingerprint()) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return stamp.fingerprint === fingerprint && fs.existsSync(path.join(webDir, '.next', 'BUILD_ID'));
  } catch {
    return false;
  }
}

/**
 * The public origin when SITE_URL is not set: this machine on the port the server listens on, so links in
 * auth mails and canonical URLs point where the product answers. Sets it in `env` (the build reads it there).
 * @param {Record<string, string | undefined>} [env]
 * @returns {string}
 */
export function defaultSiteUrl(env = process.env) {
  if (!env.SITE_URL?.trim()) env.SITE_URL = `http://localhost:${env.PORT?.trim() || '3000'}`;
  return env.SITE_URL;
}

const alive = (/** @type {number} */ pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // The process exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/**
 * The live servers recorded in the serving file (dead ones, after a crash or kill -9, are dropped).
 * @returns {ServingInstance[]}
 */
function servingInstances() {
  try {
    /** @type {ServingInstance[]} */
    const recorded = JSON.parse(fs.readFileSync(servingFile, 'utf8'));
    return recorded.filter((instance) => alive(instance.pid));
  } catch {
    return [];
  }
}

/**
 * Records that this process serves the build on `port` until it exits.
 * @param {string | number} port
 */
export function markServing(port) {
  const others = servingInstances().filter((instance) => instance.pid !== process.pid);
  fs.writeFileSync(servingFile, `${JSON.stringify([...others, { pid: process.pid, port: Number(port), since: new Date().toISOString() }])}\n`);
  process.on('exit', () => {
    const rest = servingInstances().filter((instance) => instance.pid !== process.pid);
    if (rest.length > 0) fs.writeFileSync(servingFile, `${JSON.stringify(rest)}\n`);
    else fs.rmSync(servingFile, { force: true });
  });
}

/** Builds unless the last build was made from exactly these inputs. Exits the process on failure. */
export function ensureBuild({ force = false } = {}) {
  // SITE_URL is read at build time, and its default follows PORT: `npm run build` and `npm start` must agree.
  defaultSiteUrl();
  const fingerprint = buildFingerprint();
  if (!force && buildIsCurrent(fingerprint)) {
    console.log('citewise: the build is current, starting without rebuilding');
    return;
  }
  // A build replaces .next in place, so the chunks of pages that a running instance serves would vanish.
  const running = servingInstances().filter((instance) => instance.pid !== process.pid);
  if (running.length > 0) {
    const list = running.map((instance) => `pid ${instance.pid} on port ${instance.port}`).join(', ');
    console.error(`citewise: a new build is needed, but this checkout's build is being served (${list}); stop that server first, then start again.`);
    process.exit(1);
  }
  console.log('citewise: building the web app (sources changed or no build yet)');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('citewise: the build failed; see the output above');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`);
}
