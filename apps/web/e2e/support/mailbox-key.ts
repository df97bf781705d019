import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The port of the main test server (the config also uses the two after it). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/** The data directory of the test server on `port`, outside the checkout. */
export const e2eDataDir = (port: number) => path.join(os.tmpdir(), `citewise-e2e-${port}`);

/**
 * The key that opens the test servers' dev mailbox: the one the main server keeps in its data directory
 * (made here first if the servers have not started yet, in the server's own format), handed to the second
 * server as AUTH_MAILBOX_KEY so that one key opens both.
 */
export function mailboxKey(): string {
  const dir = e2eDataDir(e2ePort);
  const file = path.join(dir, 'mailbox-key');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
