import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, parse as pgliteParse, protocol, types as pgliteTypes } from '@electric-sql/pglite';
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
  /** PGlite only: the whole data directory as a gzipped tarball, which `OpenOptions.snapshot` opens again. */
  dump?(): Promise<Blob>;
}

export interface OpenOptions {
  /** A PostgreSQL connection string. Without it, PGlite runs in-process. */
  url?: string;
  /** PGlite's data directory; omitted means in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite in memory only: start from this tarball of a data directory (`DatabaseHandle.dump()`), e.g. a migrated template. */
  snapshot?: Blob;
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir, options.snapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  // The directory holding the PGlite files is the data directory (DATA_DIR) that the lock guards.
  const lock = dataDir ? acquireDataDirLock(path.dirname(dataDir), { port: process.env.PORT?.trim() || null }) : null;
  // pg_trgm: trigram indexes for substring searches (the auth admin API's user filter); a server has it in contrib.
  const options = { extensions: { pg_trgm }, ...(snapshot && !dataDir ? { loadDataDir: snapshot } : {}) };
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
    dump: () => client.dumpDataDir('gzip'),
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
 * queryRows for a statement run on every request of a hot path (sign-in, token refresh), parsed and planned once per
 * connection: on a PostgreSQL pool as the named prepared statement `name` (unnamed from the first sign that its
 * connections do not keep them), on PGlite as the same through its protocol (preparedOnPglite). In a transaction it
 * runs as queryRows does. `name` must always stand for the same text: a statement whose SQL (not its values) can
 * differ needs a name for each form. Rows come back as queryRows gives them, on both databases (timestamps as text,
 * as drizzle leaves them).
 */
export async function queryPrepared<T>(db: Pick<Database, 'execute'>, name: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  // Checked on every database, so that a second text for a name fails in PGlite's tests as on a server.
  const known = prepared.get(name);
  if (known === undefined) prepared.set(name, query.sql);
  else if (known !== query.sql) throw new Error(`prepared statement ${name} was given another text`);
  const pool = poolOf(db);
  if (pool) {
    const values = query.params as unknown[];
    if (!unprepared.has(pool)) {
      try {
        return (await pool.query<T & pg.QueryResultRow>({ name, text: query.sql, values, types: POOL_TYPES })).rows;
      } catch (error) {
        if (!LOST_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
        unprepared.add(pool);
        console.error(
          `[db] a prepared statement was lost between two uses of one connection (${(error as Error).message}): the connections do not keep them, as a pooler in transaction mode does not. Statements now run unprepared; see the docs, Scaling out.`,
        );
      }
    }
    return (await pool.query<T & pg.QueryResultRow>({ text: query.sql, values, types: POOL_TYPES })).rows;
  }
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return preparedOnPglite<T>(client, name, query.sql, query.params);
  return queryRows<T>(db, statement);
}

/** Pools whose connections were found not to keep prepared statements (a pooler between them and PostgreSQL). */
const unprepared = new WeakSet<pg.Pool>();
/**
 * SQLSTATEs of a named statement the connection does not hold (26000), or holds already (42P05): what a pooler in
 * transaction mode causes, handing each use another server connection. Both are raised before the statement runs,
 * so running it again unnamed changes nothing.
 */
const LOST_STATEMENT = new Set(['26000', '42P05']);

/** What PGlite told of a statement it prepared: its parameters' types and its columns (its RowDescription). */
interface PreparedShape {
  params: number[];
  columns: BackendMessage[];
}
type BackendMessage = Parameters<typeof pgliteParse.parseResults>[0][number];
const keepText = (value: string) => value;
/**
 * Types drizzle's raw queries leave as text, on PGlite and on node-postgres alike (its rawQueryConfig): timestamps
 * with and without zone, dates, intervals, and arrays of numerics and of those. queryPrepared keeps them as text too,
 * so that it answers as queryRows does.
 */
const DRIZZLE_TEXT_TYPES = new Set([pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, pgliteTypes.DATE, 1231, 1115, 1185, 1187, 1182]);
const DRIZZLE_TEXT_PARSERS = Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((type) => [type, keepText]));
/** node-postgres's parsers, with drizzle's text-kept types. */
const POOL_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((type: number, format?: 'text' | 'binary') =>
    DRIZZLE_TEXT_TYPES.has(type) ? keepText : pg.types.getTypeParser(type, format)) as pg.CustomTypesConfig['getTypeParser'],
};
/** Per PGlite: its prepared statements, and its parsers with drizzle's (merged once: parseResults would per call). */
const pgliteStatements = new WeakMap<PGlite, { shapes: Map<string, PreparedShape>; parsers: PGlite['parsers'] }>();

function joinMessages(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A named prepared statement on PGlite. PGlite's own query() sends each statement unnamed as six protocol messages
 * in six calls into WebAssembly (parse, two describes, bind, execute, sync), so PostgreSQL parses and plans it every
 * time; here the statement is parsed once and each call is one bind, execute and sync sent together, its answer read
 * by PGlite's own parseResults. It holds PGlite's locks as query() does: after any open transaction, alone.
 */
async function preparedOnPglite<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  let state = pgliteStatements.get(client);
  if (!state) pgliteStatements.set(client, (state = { shapes: new Map(), parsers: { ...client.parsers, ...DRIZZLE_TEXT_PARSERS } }));
  const { shapes, parsers } = state;
  const { serialize } = protocol;
  const rows = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let shape = shapes.get(name);
      if (!shape) {
        const described = await client.execProtocolStream(
          joinMessages([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
          { syncToFs: false },
        );
        shape = { params: pgliteParse.parseDescribeStatementResults(described), columns: described.filter((message) => message.name === 'rowDescription') };
        shapes.set(name, shape);
      }
      const types = shape.params;
      // Values become text as PGlite's query() makes them: by the parameter's type, else toString.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const answered = await client.execProtocolStream(joinMessages([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), {
        syncToFs: false,
      });
      const [result] = pgliteParse.parseResults([...shape.columns, ...answered], parsers, { rowMode: 'object' });
      return (result?.rows ?? []) as T[];
    }),
  );
  await client.syncToFs();
  return rows;
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
