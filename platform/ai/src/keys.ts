// One `app-…` key per app. Embedded mode generates them into `<DATA_DIR>/ai-app-keys.json` (mode 0600) on first
// start; `AI_APP_KEY_<APP_ID>` (e.g. AI_APP_KEY_PAPER_CHAT) overrides one, as every instance must share them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { appDefinitions } from './apps/definitions';
import { envSuffix } from './config';

export type AppKeys = Record<string, string>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Dify's shape: `app-` and 24 letters or digits. */
export function generateAppKey(): string {
  const bytes = randomBytes(24);
  return `app-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

async function readOrCreate(file: string): Promise<AppKeys> {
  let stored: AppKeys = {};
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as AppKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const missing = appDefinitions.filter((app) => !stored[app.id]);
  if (missing.length === 0) return stored;
  const next = { ...stored, ...Object.fromEntries(missing.map((app) => [app.id, generateAppKey()])) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written aside then renamed, so a reader never sees half a file; a concurrent first start may race, and the
  // last writer wins for both (each reads the file back before serving).
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
  await fs.rename(temp, file);
  return JSON.parse(await fs.readFile(file, 'utf8')) as AppKeys;
}

/** Keys from the environment, else from the data directory (created on first use), else new in memory (tests). */
export async function loadAppKeys(options: { dataDir?: string; env?: Record<string, string | undefined> } = {}): Promise<AppKeys> {
  const env = options.env ?? process.env;
  const stored = options.dataDir
    ? await readOrCreate(path.join(options.dataDir, 'ai-app-keys.json'))
    : Object.fromEntries(appDefinitions.map((app) => [app.id, generateAppKey()]));
  const keys: AppKeys = {};
  for (const app of appDefinitions) keys[app.id] = env[`AI_APP_KEY_${envSuffix(app.id)}`]?.trim() || stored[app.id]!;
  return keys;
}
