// npm run admin:grant -- EMAIL / npm run admin:revoke -- EMAIL: makes an existing account an admin of the admin area
// (/admin), or no longer one. Each change is written to the audit log.
//
// The embedded database has one owner (DATA_DIR's lock). While a server holds it, the change goes through that
// server (POST /api/admin/role with the service-role key from DATA_DIR). Otherwise this command opens the database
// itself (taking the lock, so no server starts meanwhile) and calls the auth service in-process, or the hosted one
// in SUPABASE_URL.
import path from 'node:path';
import { createAuthService, loadAuthConfig, loadKeys } from '@citewise/platform-auth';
import { DataDirLockedError, acquireDataDirLock, databaseOptionsFromEnv, migrate, openDatabase, queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { changeAdminRole, embeddedAuthEnabled, migrationSets, UnknownAccountError, type AuthAdminSettings, type RoleChange } from '@citewise/web/scripts';

const [action, given] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !given || !/^[^\s@]+@[^\s@]+$/.test(given)) {
  console.error('usage: npm run admin:grant -- EMAIL   |   npm run admin:revoke -- EMAIL');
  process.exit(2);
}
const email: string = given;
const admin = action === 'grant';
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR?.trim() || '.data');
const hosted = process.env.SUPABASE_URL?.trim().replace(/\/+$/, '');

function report(change: RoleChange) {
  if (change.before === change.admin) console.log(`${change.email} ${admin ? 'is already' : 'was not'} an admin: nothing changed.`);
  else console.log(`${change.email} ${admin ? 'is now an admin' : 'is no longer an admin'}.`);
}

/** Through the server that holds DATA_DIR, on its own port. */
async function viaServer(port: string) {
  const keys = hosted ? null : await loadKeys(loadAuthConfig(), { dataDir });
  const key = hosted ? process.env.SUPABASE_SERVICE_ROLE_KEY?.trim() : keys!.serviceRoleKey;
  if (!key) throw new Error('SUPABASE_SERVICE_ROLE_KEY is required with SUPABASE_URL');
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ email, admin }),
  });
  if (response.status === 404) throw new UnknownAccountError(`No account has the address ${email.trim().toLowerCase()}`);
  if (!response.ok) throw new Error(`The server on port ${port} answered ${response.status}: ${await response.text()}`);
  report((await response.json()) as RoleChange);
}

/** Nobody else has the database: open it here, change the role, write the audit entry. */
async function directly() {
  const handle = await openDatabase(databaseOptionsFromEnv({ ...process.env, DATA_DIR: dataDir }));
  try {
    await migrate(handle, migrationSets({ embeddedAuth: embeddedAuthEnabled() }));
    let settings: AuthAdminSettings;
    if (hosted) {
      const key = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim();
      if (!key) throw new Error('SUPABASE_SERVICE_ROLE_KEY is required with SUPABASE_URL');
      settings = { url: hosted, serviceRoleKey: key };
    } else {
      const auth = await createAuthService({ db: handle.db, dataDir, basePath: '/platform' });
      settings = { url: 'http://localhost/platform', serviceRoleKey: auth.keys.serviceRoleKey, fetch: (input, init) => auth.fetch(new Request(input, init)) };
    }
    const change = await changeAdminRole(settings, email, admin);
    if (change.before !== change.admin) {
      await queryRows(
        handle.db,
        sql`insert into app.admin_audit (action, target_id, target_email, before, after, ip)
            values (${admin ? 'role.grant' : 'role.revoke'}, ${change.id}, ${change.email}, ${JSON.stringify({ admin: change.before })}::jsonb,
                    ${JSON.stringify({ admin: change.admin, via: 'command line' })}::jsonb, null)`,
      );
    }
    report(change);
  } finally {
    await handle.close();
  }
}

try {
  if (process.env.DATABASE_URL?.trim()) {
    // A database server has no single owner: every instance and this command use it side by side.
    await directly();
  } else {
    let port: string | null = null;
    try {
      acquireDataDirLock(dataDir, { command: `admin:${action}` });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      port = error.holder.port;
      if (!port) throw new Error(`${error.message} (it serves no port this command can reach)`);
    }
    if (port) await viaServer(port);
    else await directly();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = error instanceof UnknownAccountError ? 3 : 1;
}
