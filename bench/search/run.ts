// Local search: latency and throughput next to a single indexed lookup measured in the same run, import rate, and
// how both change as the corpus grows; then what offline query translation (CC-CEDICT) costs: the dictionary's load
// time and memory, translating a query, and local search with and without translation on the same queries.
//
//   npm run bench:search [-- --corpus FILE] [--sizes 300000,1000000] [--queries 200] [--concurrency 4] [--reuse]
//
// Runs in a database of its own: PGlite in memory, or with DATABASE_URL a database `citewise_bench_search`
// created (and emptied) on that PostgreSQL server. FILE is a corpus in Citewise's JSON Lines format (default: the
// shipped default corpus; the full shared corpus is the 87k run). --sizes grows the corpus with synthetic papers
// (see synthetic.ts) and measures again at each size.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { migrate, queryRows, type DatabaseHandle } from '@citewise/db';
import { openBenchDatabase } from '../lib/database';
import { sql } from '@citewise/db/orm';
import {
  loadDictionary,
  migrations,
  paperFromCorpusRecord,
  refreshStatistics,
  searchLocal,
  translateWithDictionary,
  upsertPapers,
  type Paper,
} from '@citewise/scholar';
import { measure, type Measurement } from './measure';
import { syntheticPaper } from './synthetic';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz') },
    sizes: { type: 'string', default: '' },
    queries: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    // Keep the corpus a previous run imported into DATABASE_URL's bench database: measure again without importing.
    reuse: { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency);
const BATCH = 500;

async function readCorpus(file: string): Promise<Paper[]> {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const papers: Paper[] = [];
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line.trim()) papers.push(paperFromCorpusRecord(JSON.parse(line)));
  return papers;
}

/** Imports `papers` in batches; answers papers per second, statistics refresh included. */
async function importPapers(handle: DatabaseHandle, papers: Iterable<Paper>): Promise<number> {
  const started = performance.now();
  let batch: Paper[] = [];
  let count = 0;
  for (const paper of papers) {
    batch.push(paper);
    if (batch.length === BATCH) {
      await upsertPapers(handle.db, batch);
      count += batch.length;
      batch = [];
      process.stderr.write(`\r  imported ${count}`);
    }
  }
  if (batch.length) await upsertPapers(handle.db, batch);
  count += batch.length;
  process.stderr.write(`\r  imported ${count}; refreshing statistics…`);
  await refreshStatistics(handle.db);
  process.stderr.write('\n');
  return count / ((performance.now() - started) / 1000);
}

function* synthetic(base: Paper[], from: number, to: number) {
  for (let n = from; n < to; n++) yield syntheticPaper(base, n);
}

interface Row {
  size: number;
  importRate: number;
  lookup: Measurement;
  search: Measurement;
  filtered: Measurement;
  throughput: number;
  hitsPerQuery: number;
  agreement: number;
}

async function measureAt(handle: DatabaseHandle, size: number, importRate: number, sample: Array<{ id: string; title: string }>): Promise<Row> {
  const queries = sample.map((p) => p.title.split(/\s+/).slice(0, 6).join(' '));
  // Latency one request at a time (what a reader waits), after a warm-up pass; throughput with `concurrency` in flight.
  const searchOps = queries.map((query) => () => searchLocal(handle.db, { query, limit: 20 }));
  await measure(searchOps.slice(0, 20), 1);
  const lookup = await measure(
    sample.map((p) => () => queryRows(handle.db, sql`select * from scholar.papers where id = ${p.id}`)),
    1,
  );
  let hits = 0;
  const search = await measure(
    searchOps.map((op) => async () => {
      hits += (await op()).hits.length;
    }),
    1,
  );
  const throughput = (await measure(searchOps, concurrency)).rate;
  const filtered = await measure(
    queries.map((query) => () => searchLocal(handle.db, { query, limit: 20, yearFrom: 2026 })),
    1,
  );
  // How much of the top 10 the bounded posting reads share with reading every posting (exact BM25).
  let shared = 0;
  for (const query of queries.slice(0, 50)) {
    const bounded = new Set((await searchLocal(handle.db, { query, limit: 10 })).hits.map((h) => h.id));
    const exact = (await searchLocal(handle.db, { query, limit: 10, exhaustive: true })).hits;
    shared += exact.filter((h) => bounded.has(h.id)).length / Math.max(1, exact.length);
  }
  return { size, importRate, lookup, search, throughput, filtered, hitsPerQuery: hits / queries.length, agreement: shared / Math.min(50, queries.length) };
}

const handle = await openBenchDatabase('citewise_bench_search', { poolSize: concurrency + 1, reuse: values.reuse });
await migrate(handle, [migrations]);
console.error(`reading ${path.basename(values.corpus!)}…`);
const base = await readCorpus(values.corpus!);
const rows: Row[] = [];
const [{ n: present } = { n: '0' }] = await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.papers`);
const reused = values.reuse && Number(present) >= base.length;
const rate = reused ? Number.NaN : await importPapers(handle, base);
const sample = await queryRows<{ id: string; title: string }>(
  handle.db,
  sql`select id, title from scholar.papers where language is distinct from 'zh' order by md5(id) limit ${Number(values.queries)}::int`,
);
let size = reused ? Number(present) : base.length;
rows.push(await measureAt(handle, size, rate, sample));
for (const target of values
  .sizes!.split(',')
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b)) {
  if (target <= size) continue;
  console.error(`growing the corpus to ${target} papers…`);
  const growth = await importPapers(handle, synthetic(base, size, target));
  size = target;
  rows.push(await measureAt(handle, size, growth, sample));
}

/** The dictionary loaded (heap measured after a collection when node runs with --expose-gc, as the npm script does). */
function loadTranslation() {
  const collect = () => (globalThis as { gc?: () => void }).gc?.();
  collect();
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  loadDictionary();
  const loadMs = performance.now() - started;
  collect();
  return { loadMs, heapMb: (process.memoryUsage().heapUsed - heap) / 2 ** 20, measured: Boolean((globalThis as { gc?: unknown }).gc) };
}

/** Search as written and translated, one at a time, for English titles and the judged Chinese queries. */
async function measureTranslation(queries: string[]) {
  const translate = await measure(
    queries.map((query) => async () => translateWithDictionary(query)),
    1,
  );
  const plain = await measure(
    queries.map((query) => () => searchLocal(handle.db, { query, limit: 20 })),
    1,
  );
  const translated = await measure(
    queries.map((query) => () => searchLocal(handle.db, { query, limit: 20, translation: translateWithDictionary(query) })),
    1,
  );
  return { translate, plain, translated };
}

const translation = loadTranslation();
const chineseQueries = fs
  .readFileSync(path.resolve(import.meta.dirname, '../chinese/queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);
const titleQueries = sample.map((p) => p.title.split(/\s+/).slice(0, 6).join(' '));
const translationRows = [
  { name: `${titleQueries.length} English title queries`, ...(await measureTranslation(titleQueries)) },
  { name: `${chineseQueries.length} Chinese queries (bench/chinese)`, ...(await measureTranslation(chineseQueries)) },
];

const ms = (m: Measurement) => `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)}`;
console.log(`\nlocal search on ${handle.kind}, ${sample.length} title queries: latency p50 / p95 in ms one at a time, ops/s with ${concurrency} in flight\n`);
console.log(
  ['papers', 'import/s', 'lookup by id', 'search', 'ops/s', 'p95 ÷ lookup', 'search ≥2026', 'hits', 'top-10 exact']
    .map((h, i) => (i ? h.padStart(16) : h.padEnd(9)))
    .join(''),
);
for (const r of rows) {
  console.log(
    [
      String(r.size).padEnd(9),
      (Number.isNaN(r.importRate) ? 'reused' : r.importRate.toFixed(0)).padStart(16),
      ms(r.lookup).padStart(16),
      ms(r.search).padStart(16),
      r.throughput.toFixed(1).padStart(16),
      `${(r.search.p95 / r.lookup.p95).toFixed(1)}×`.padStart(16),
      ms(r.filtered).padStart(16),
      r.hitsPerQuery.toFixed(1).padStart(16),
      `${(r.agreement * 100).toFixed(1)}%`.padStart(16),
    ].join(''),
  );
}
console.log('\nGoal: search p95 under 50 ms on the 87k corpus (--corpus papers.jsonl.gz from the shared data).');

console.log(
  `\nquery translation (CC-CEDICT): loaded once in ${translation.loadMs.toFixed(0)} ms, ${translation.measured ? `${translation.heapMb.toFixed(0)} MB of heap` : 'heap not measured (run with --expose-gc)'}; at ${size} papers, p50 / p95 in ms:\n`,
);
console.log(['queries'.padEnd(36), 'translate'.padStart(14), 'as written'.padStart(14), 'translated'.padStart(14), 'added p50'.padStart(12)].join(''));
for (const r of translationRows) {
  console.log(
    [
      r.name.padEnd(36),
      ms(r.translate).padStart(14),
      ms(r.plain).padStart(14),
      ms(r.translated).padStart(14),
      `${(r.translated.p50 - r.plain.p50).toFixed(1)}`.padStart(12),
    ].join(''),
  );
}
console.log('Goal: translation adds under 5 ms p50 to a local search.');
await handle.close();
