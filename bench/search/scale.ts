// Local search at scale on PostgreSQL: a deterministic synthetic corpus of N papers (default 1,000,000), built inside
// the database from the default corpus, then search latency one at a time and with 4 in flight, for the posting
// budget (the default, scored on the scoring threads of SEARCH_THREADS) beside the budget scored on the searching
// thread and bounded candidate generation (exact top-k with early termination, strategy 'bounded' in
// local/search.ts), how often each top 10 equals exact BM25's, and EXPLAIN (ANALYZE, BUFFERS) of the statements a
// search sends.
//
//   DATABASE_URL=postgres://… npm run bench:search-scale [-- --papers 1000000] [--queries 200] [--concurrency 4] [--reuse] [--drop]
//
// Needs PostgreSQL (DATABASE_URL): the database `citewise_bench_1m` (--database) is created there (emptied first unless
// --reuse finds it built), and dropped at the end with --drop. About 5 GB of disk at 1M papers.
//
// Synthetic paper n takes its title (and title words) from base paper a(n) and its abstract (and abstract words) from
// base paper b(n), two multiplicative hashes of n over the English papers of the default corpus; its tsvector is
// the two parts of theirs joined (no text analysis), and its postings are derived from it as an import's are. Every
// synthetic paper is a distinct document and each term's document frequency grows as it would with more papers of
// the same kind.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { migrate, queryRows, type DatabaseHandle } from '@citewise/db';
import { sql, type SQL } from '@citewise/db/orm';
import { PgDialect } from '@citewise/db/pg-core';
import {
  migrations,
  paperFromCorpusRecord,
  refreshStatistics,
  scoreThreadCount,
  searchLocal,
  upsertPapers,
  type LocalSearchOptions,
  type Paper,
} from '@citewise/scholar';
import { openBenchDatabase } from '../lib/database';
import { measure } from './measure';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'citewise_bench_1m' },
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz') },
    papers: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    reuse: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    chunk: { type: 'string', default: '50000' },
  },
});
const NAME = values.database!;
if (!/^[a-z0-9_]+$/.test(NAME)) throw new Error('--database: letters, digits and underscores');
if (!process.env.DATABASE_URL) throw new Error('bench:search-scale needs PostgreSQL: set DATABASE_URL');
const target = Number(values.papers);
const concurrency = Number(values.concurrency);

async function readCorpus(file: string): Promise<Paper[]> {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const papers: Paper[] = [];
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line.trim()) papers.push(paperFromCorpusRecord(JSON.parse(line)));
  return papers;
}

const log = (text: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
const count = async (db: DatabaseHandle['db']) => Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from scholar.papers`))[0]!.n);

async function build(handle: DatabaseHandle) {
  const db = handle.db;
  await migrate(handle, [migrations]);
  const base = await readCorpus(values.corpus!);
  log(`importing the ${base.length} papers of ${path.basename(values.corpus!)}`);
  for (let i = 0; i < base.length; i += 500) await upsertPapers(db, base.slice(i, i + 500));
  await refreshStatistics(db);
  await db.execute(sql`drop table if exists public.bench_base`);
  await db.execute(sql`
    create table public.bench_base as
    select (row_number() over (order by key) - 1)::int as i, title, abstract, authors, year, month, day, container, language, type, fields, keywords, tsv
    from scholar.papers where coalesce(language, '') not like 'zh%'`);
  await db.execute(sql`create unique index on public.bench_base (i)`);
  const [{ n: size } = { n: '0' }] = await queryRows<{ n: string }>(db, sql`select count(*) as n from public.bench_base`);
  const chunk = Number(values.chunk);
  for (let from = await count(db); from < target; from += chunk) {
    const to = Math.min(target, from + chunk);
    const started = performance.now();
    // One transaction per chunk; the refresh at the end builds the blocks of every term they touch.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      await tx.execute(sql`
        insert into scholar.papers (id, title, abstract, authors, year, month, day, container, language, type, fields, keywords, source, tsv, doc_length)
        select 'synthetic:' || g.n, a.title, b.abstract, a.authors, a.year, a.month, a.day, a.container, a.language, a.type, a.fields, a.keywords,
          'synthetic', t.tsv, coalesce((select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(t.tsv) u), 0)
        from generate_series(${from}::int, ${to - 1}::int) g (n)
        join public.bench_base a on a.i = ((g.n::bigint * 2654435761) % ${size}::int)::int
        join public.bench_base b on b.i = ((g.n::bigint * 40503 + 7919) % ${size}::int)::int
        cross join lateral (select ts_filter(a.tsv, '{a}') || ts_filter(b.tsv, '{b}') as tsv) t`);
    });
    log(`${to} papers (${((to - from) / ((performance.now() - started) / 1000)).toFixed(0)} papers/s)`);
  }
  log('refreshing statistics and packed blocks');
  const started = performance.now();
  await refreshStatistics(db);
  log(`refreshed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await db.execute(sql`drop table public.bench_base`);
}

const handle = await openBenchDatabase(NAME, { poolSize: concurrency + 1, reuse: values.reuse });
if (!values.reuse || (await count(handle.db).catch(() => 0)) < target) {
  const started = performance.now();
  await build(handle);
  log(`built ${target} papers in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}

if (values['build-only']) {
  await handle.close();
  process.exit(0);
}
const db = handle.db;
const papers = await count(db);
const sample = await queryRows<{ id: string; title: string }>(
  db,
  sql`
  select id, title from scholar.papers where source <> 'synthetic' and coalesce(language, '') not like 'zh%' order by md5(id) limit ${Number(values.queries)}::int`,
);
const queries = sample.map((p) => p.title.split(/\s+/).slice(0, 6).join(' '));

type Strategy = 'bounded' | 'budget';
/** The budget with its scoring on this process's scoring threads (SEARCH_THREADS, the default), the budget scored on the searching thread, and bounded rounds. */
type Variant = 'budget' | 'here' | 'bounded';
const variants: Record<Variant, { strategy: Strategy; name: string; scoring?: LocalSearchOptions['scoring'] }> = {
  budget: { strategy: 'budget', name: 'posting budget (default)' },
  here: { strategy: 'budget', name: 'budget, scored on one thread', scoring: { threads: null } },
  bounded: { strategy: 'bounded', name: 'bounded, early termination' },
};
const optionsOf = (variant: Variant): Partial<LocalSearchOptions> => ({ strategy: variants[variant].strategy, scoring: variants[variant].scoring });
async function latency(variant: Variant) {
  const ops = queries.map((query) => () => searchLocal(db, { query, limit: 20, ...optionsOf(variant) }));
  await measure(ops.slice(0, 20), 1);
  const alone = await measure(ops, 1);
  const inFlight = await measure(ops, concurrency);
  return { alone, inFlight };
}
/** Share of each top 10 that exact BM25 (every posting read) also has in its top 10, for each variant. */
async function agreement(n = 50) {
  const shared = { budget: 0, here: 0, bounded: 0 };
  for (const query of queries.slice(0, n)) {
    const exact = (await searchLocal(db, { query, limit: 10, exhaustive: true })).hits;
    for (const variant of Object.keys(shared) as Variant[]) {
      const got = new Set((await searchLocal(db, { query, limit: 10, ...optionsOf(variant) })).hits.map((h) => h.id));
      shared[variant] += exact.filter((h) => got.has(h.id)).length / Math.max(1, exact.length);
    }
  }
  const share = (total: number) => total / Math.min(n, queries.length);
  return { budget: share(shared.budget), here: share(shared.here), bounded: share(shared.bounded) };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement one search sends, through a client that records them. */
async function explain(query: string, strategy: Strategy) {
  const statements: Array<{ text: string; values: unknown[] }> = [];
  const client = new pg.Client({ connectionString: new URL(`/${NAME}`, process.env.DATABASE_URL).toString() });
  await client.connect();
  const dialect = new PgDialect();
  const recorder = {
    execute: async (statement: SQL) => {
      const built = dialect.sqlToQuery(statement);
      statements.push({ text: built.sql, values: built.params });
      return { rows: (await client.query(built.sql, built.params as unknown[])).rows };
    },
  };
  await searchLocal(recorder as never, { query, limit: 20, strategy });
  const plans: string[] = [];
  for (const s of statements) {
    const rows = (await client.query(`explain (analyze, buffers, costs off) ${s.text}`, s.values as unknown[])).rows as Array<{ 'QUERY PLAN': string }>;
    plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await client.end();
  return plans;
}

const loadBefore = os.loadavg()[0]!;
const results = { bounded: await latency('bounded'), here: await latency('here'), budget: await latency('budget') };
const agree = await agreement();
const lookup = await measure(
  sample.map((p) => () => queryRows(db, sql`select * from scholar.papers where id = ${p.id}`)),
  1,
);

const ms = (m: { p50: number; p95: number }) => `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)}`;
console.log(`\nlocal search at ${papers} papers on PostgreSQL, ${queries.length} title queries (6 words), limit 20; p50 / p95 in ms\n`);
console.log(
  ['candidates'.padEnd(34), 'one at a time'.padStart(16), `${concurrency} in flight`.padStart(16), 'ops/s'.padStart(8), 'top-10 = exact'.padStart(16)].join(''),
);
for (const variant of ['budget', 'here', 'bounded'] as const) {
  const r = results[variant];
  console.log(
    [
      variants[variant].name.padEnd(34),
      ms(r.alone).padStart(16),
      ms(r.inFlight).padStart(16),
      r.inFlight.rate.toFixed(1).padStart(8),
      `${(agree[variant] * 100).toFixed(1)}%`.padStart(16),
    ].join(''),
  );
}
console.log(
  `scoring threads: ${scoreThreadCount()} (SEARCH_THREADS); reference: an indexed lookup of a paper by id, ${ms(lookup)} ms; p95 with ${concurrency} in flight ÷ budget's: one thread ${(results.here.inFlight.p95 / results.budget.inFlight.p95).toFixed(2)}×, bounded ${(results.bounded.inFlight.p95 / results.budget.inFlight.p95).toFixed(2)}×`,
);
console.log(
  `Goal: p95 under 50 ms with 4 in flight at 1M papers. Load average (1 min) before / after the timings: ${loadBefore.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
);

const typical = queries[Math.floor(queries.length / 2)]!;
for (const strategy of ['budget', 'bounded'] as const) {
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${strategy}, query "${typical}":`);
  for (const [i, plan] of (await explain(typical, strategy)).entries()) console.log(`-- statement ${i + 1}\n${plan}`);
}
const [{ size } = { size: '?' }] = await queryRows<{ size: string }>(db, sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
console.log(`\ndatabase size: ${size}`);
await handle.close();
if (values.drop) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
  log(`dropped ${NAME}`);
}
