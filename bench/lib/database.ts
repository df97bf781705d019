// A database of the benchmark's own, so a run never writes into a real corpus: PGlite in memory (or in `pgliteDir`,
// files as `npm start` keeps them), or with DATABASE_URL a database `name` created (and emptied first, unless `reuse`
// asks to keep it) on that PostgreSQL server.
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@citewise/db';

export async function openBenchDatabase(name: string, options: { poolSize?: number; reuse?: boolean; pgliteDir?: string } = {}): Promise<DatabaseHandle> {
  const server = process.env.DATABASE_URL?.trim();
  if (!server) return openDatabase({ dataDir: options.pgliteDir });
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!options.reuse || !exists) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 5 });
}
