import { randomBytes } from 'node:crypto';
import net from 'node:net';
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

/**
 * The Redis server the tests use (`TEST_REDIS_URL`, by default the local one) and whether it answers. Suites that
 * need it skip without one, except under CI, which always has one: there a missing Redis fails the run.
 */
export async function testRedis(purpose: string): Promise<{ url: string; up: boolean }> {
  const url = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const up = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!up && process.env.CI) throw new Error(`CI needs Redis at ${url} for ${purpose}`);
  return { url, up };
}
