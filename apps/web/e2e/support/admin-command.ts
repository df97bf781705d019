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

/** The auth service's service-role key, as an operator gets it: `npm run platform:keys` on the server's data directory. */
export function serviceRoleKeyByCommand(): string {
  const output = execFileSync('npm', ['run', '-s', 'platform:keys'], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: e2eDataDir(e2ePort) },
    encoding: 'utf8',
  });
  return (JSON.parse(output) as { service_role_key: string }).service_role_key;
}
