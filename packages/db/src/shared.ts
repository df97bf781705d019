import path from 'node:path';
import { openDatabase, type DatabaseHandle, type OpenOptions } from './client';
import { migrate, type MigrationSet } from './migrate';

/** Where the database is, from the environment: `DATABASE_URL`, else PGlite under `DATA_DIR` (default `.data`). */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenOptions {
  const url = env.DATABASE_URL?.trim();
  if (url) return { url, poolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined };
  return { dataDir: path.resolve(env.DATA_DIR?.trim() || '.data', 'pglite') };
}

const registry = globalThis as typeof globalThis & { __citewiseDatabase?: Promise<DatabaseHandle> };

/**
 * The one database handle of this process, opened on first use. Kept on `globalThis` because Next.js may load
 * this module once per bundle (route handlers, server components), and PGlite allows one owner per directory.
 * With PGlite (embedded mode) pending migrations are applied here; a server database is migrated by
 * `npm run db:migrate` unless `autoMigrate` is asked for.
 */
export function sharedDatabase(sets: MigrationSet[], options: { autoMigrate?: boolean } = {}): Promise<DatabaseHandle> {
  registry.__citewiseDatabase ??= (async () => {
    const open = databaseOptionsFromEnv();
    const handle = await openDatabase(open);
    if (!open.url || options.autoMigrate) {
      try {
        const applied = await migrate(handle, sets);
        if (applied.length) console.log(`[db] applied ${applied.join(', ')}`);
      } catch (error) {
        await handle.close();
        throw error;
      }
    }
    return handle;
  })().catch((error: unknown) => {
    registry.__citewiseDatabase = undefined;
    throw error;
  });
  return registry.__citewiseDatabase;
}
