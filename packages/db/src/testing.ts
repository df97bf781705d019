import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';
import { migrate, type MigrationSet } from './migrate';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by `TEST_DATABASE_URL` (dropped again by `close()`).
 */
export async function createTestDatabase(sets: MigrationSet[]): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    const handle = await openDatabase();
    await migrate(handle, sets);
    return handle;
  }

  const name = `citewise_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrate(handle, sets);
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
