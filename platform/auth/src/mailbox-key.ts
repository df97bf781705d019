// The dev mailbox holds every user's recovery links and codes, so it opens only to the service-role key or to
// this key: AUTH_MAILBOX_KEY, else a random key kept in `<dataDir>/mailbox-key` (mode 0600, made on first use),
// else a new one in memory (tests). The server prints it once at start as a `/platform/mailbox?key=…` link.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AuthConfig } from './config';

export const MAILBOX_KEY_FILE = 'mailbox-key';

export async function loadMailboxKey(config: Pick<AuthConfig, 'AUTH_MAILBOX_KEY'>, options: { dataDir?: string } = {}): Promise<string> {
  if (config.AUTH_MAILBOX_KEY) return config.AUTH_MAILBOX_KEY;
  const fresh = randomBytes(24).toString('base64url');
  if (!options.dataDir) return fresh;
  const file = path.join(options.dataDir, MAILBOX_KEY_FILE);
  await fs.mkdir(options.dataDir, { recursive: true });
  try {
    // `wx`: when another process made the file first, everyone uses theirs.
    await fs.writeFile(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** Equality without an early exit, so answer times do not tell how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * What the browser inbox keeps in its cookie once opened with `?key=`: derived from the key, so the cookie
 * opens the mailbox without being the key that scripts use.
 */
export function mailboxCookieValue(key: string): string {
  return createHash('sha256').update(`citewise-mailbox-cookie:${key}`).digest('base64url');
}
