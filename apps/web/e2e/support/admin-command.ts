import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { e2eDataDir, e2ePort } from './mailbox-key';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** `npm run admin:grant -- EMAIL`, as an operator types it while the server runs on this data directory. */
export function grantByCommand(email: string) {
  return execFileSync('npm', ['run', '-s', 'admin:grant', '--', email], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: e2eDataDir(e2ePort) },
    encoding: 'utf8',
  });
}
