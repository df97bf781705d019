import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';
import { migrate, type MigrationSet } from './migrate';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by `TEST_DATABASE_URL` (dropped again by `close()`).
 *
 * Migrating costs seconds per file, and every file of a run asks for one of a handful of migration sets, so each
 * set is migrated once into a template named by the hash of its statements: a tarball of PGlite's data directory in
 * the system's temporary folder, or a template database on the server (`create database … template …` copies it).
 * A changed migration changes the hash, so a stale template is never used.
 */
export async function createTestDatabase(sets: MigrationSet[]): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const key = templateKey(sets);
  if (!serverUrl) return openDatabase({ snapshot: await pgliteTemplate(key, sets) });

  const template = await serverTemplate(serverUrl, key, sets);
  const name = `citewise_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The hash of what a set of migrations would do: owners, order and every statement. */
function templateKey(sets: MigrationSet[]): string {
  const hash = createHash('sha256');
  for (const set of sets) {
    hash.update(`owner ${set.owner}\n`);
    for (const migration of set.migrations) hash.update(`${migration.tag} ${migration.createdAt}\n${migration.statements.join('\n')}\n`);
  }
  return hash.digest('hex').slice(0, 20);
}

/** The PGlite template of `sets`, made on first use; files are written whole (renamed into place) so parallel workers never read half of one. */
async function pgliteTemplate(key: string, sets: MigrationSet[]): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'citewise-test-templates');
  const file = path.join(dir, `pglite-${key}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const handle = await openDatabase();
  try {
    await migrate(handle, sets);
    const snapshot = await handle.dump!();
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
    await rename(partial, file);
    return snapshot;
  } finally {
    await handle.close();
  }
}

/**
 * The template database of `sets` on the server, made on first use under an advisory lock (parallel workers wait for
 * the first): migrated under a temporary name, then renamed, so a template that exists is complete. Nothing ever
 * connects to it afterwards, which `create database … template` requires.
 */
async function serverTemplate(serverUrl: string, key: string, sets: MigrationSet[]): Promise<string> {
  const template = `citewise_template_${key}`;
  return withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (rowCount) return template;
      const building = `citewise_building_${randomBytes(6).toString('hex')}`;
      await client.query(`create database ${building}`);
      try {
        // Two connections: migrate() holds one for its lock while its statements use the other.
        const handle = await openDatabase({ url: databaseUrl(serverUrl, building), poolSize: 2 });
        try {
          await migrate(handle, sets);
        } finally {
          await handle.close();
        }
        await client.query(`alter database ${building} rename to ${template}`);
      } catch (error) {
        await client.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      return template;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
