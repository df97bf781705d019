import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { acquireDataDirLock } from './data-dir-lock';

/** The query builder every owner uses; the same type whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a database-wide lock named `name` (serialises e.g. migrations across processes). */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL connection string. Without it, PGlite runs in-process. */
  url?: string;
  /** PGlite's data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  // The directory holding the PGlite files is the data directory (DATA_DIR) that the lock guards.
  const lock = dataDir ? acquireDataDirLock(path.dirname(dataDir), { port: process.env.PORT?.trim() || null }) : null;
  // pg_trgm: trigram indexes for substring searches (the auth admin API's user filter); a server has it in contrib.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, and PGlite runs one query at a time: nothing to lock against.
    withLock: (_name, fn) => fn(),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // JIT compilation pays off for long analytical queries; the product's are short, and on them PostgreSQL's cost
  // estimates can trigger seconds of LLVM work for milliseconds of execution (seen on BM25 searches).
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message));
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async withLock(name, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Database, 'execute'>, statement: Parameters<Database['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The PostgreSQL pool under `db` (drizzle keeps it as `$client`), or null for PGlite and for a transaction. */
function poolOf(db: Pick<Database, 'execute'>): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const dialect = new PgDialect();
/** The text each prepared statement's name stands for. */
const prepared = new Map<string, string>();

/**
 * queryRows for a statement run on every request of a hot path (sign-in, token refresh). On a PostgreSQL pool it is
 * sent as the named prepared statement `name`, which each connection parses and plans once; elsewhere (PGlite, a
 * transaction) it runs as queryRows does. `name` must always stand for the same text: a statement whose SQL (not
 * its values) can differ needs a name for each form. Timestamps come back as Date here and as text through
 * drizzle, so readers accept both.
 */
export async function queryPrepared<T>(db: Pick<Database, 'execute'>, name: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  // Checked on every database, so that a second text for a name fails in PGlite's tests as on a server.
  const known = prepared.get(name);
  if (known === undefined) prepared.set(name, query.sql);
  else if (known !== query.sql) throw new Error(`prepared statement ${name} was given another text`);
  const pool = poolOf(db);
  if (!pool) return queryRows<T>(db, statement);
  const result = await pool.query<T & pg.QueryResultRow>({ name, text: query.sql, values: query.params as unknown[] });
  return result.rows;
}

/**
 * Runs `COPY (…) TO STDOUT` on a PostgreSQL pool and answers the raw bytes it sent, as received (a list of chunks, for
 * the caller to copy into memory it reuses), or null when `db` is not a pool
 * (PGlite, or a transaction: the caller then reads the same rows with a query). With `format binary` this is the one
 * way to receive bytea without the driver turning it into text first: node-postgres decodes every field of a data
 * row as UTF-8, so binary bytea arrives corrupted and hex doubles the bytes. COPY takes no parameters, so `text` must
 * be complete, its values quoted with escapeLiteral.
 */
export async function copyOut(db: Pick<Database, 'execute'>, text: string): Promise<Buffer[] | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = await pool.connect();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of client.query(copyTo(text))) chunks.push(chunk as Buffer);
  } catch (error) {
    // A connection left in the middle of a COPY is not handed to the next caller.
    client.release(error as Error);
    throw error;
  }
  client.release();
  return chunks;
}

/** A string as an SQL literal (node-postgres's quoting), for statements that take no parameters (copyOut). */
export const escapeLiteral = (value: string) => pg.escapeLiteral(value);
