// Corpus import throughput: the first N records of the default corpus imported the way `npm run corpus:import`
// does (batches of 500, then the statistics refresh), into a fresh database; next to reading and parsing the same
// records without a database, measured in the same run (the share of the time that is not the database's).
// Usage: npm run bench:import [-- --records 10000] [--database NAME] [--memory]   (PGlite in a temporary data
// directory, as `npm start` keeps its files, or in memory with --memory; DATABASE_URL for PostgreSQL, where the bench
// creates and empties its own database NAME, citewise_bench_import by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { migrate, queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { importJsonLines, migrations, paperFromCorpusRecord } from '@citewise/scholar';
import { openBenchDatabase } from '../lib/database';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    database: { type: 'string', default: 'citewise_bench_import' },
    memory: { type: 'boolean', default: false },
  },
});
const wanted = Number(values.records);
const corpus = path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz');

// The records as a plain JSON Lines file, as a person would import them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citewise-bench-import-'));
const file = path.join(dir, 'records.jsonl');
const lines: string[] = [];
for await (const line of readline.createInterface({ input: fs.createReadStream(corpus).pipe(createGunzip()), crlfDelay: Infinity })) {
  if (line.trim()) lines.push(line);
  if (lines.length >= wanted) break;
}
fs.writeFileSync(file, `${lines.join('\n')}\n`);

let started = performance.now();
let parsed = 0;
for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
  if (line.trim()) {
    paperFromCorpusRecord(JSON.parse(line));
    parsed++;
  }
}
const parseRate = parsed / ((performance.now() - started) / 1000);

// PGlite as the product runs it: files in a data directory (in memory it spends time growing its in-memory files).
const pgliteDir = values.memory ? undefined : path.join(dir, 'pglite');
const handle = await openBenchDatabase(values.database, { pgliteDir });
const where = handle.kind === 'pglite' ? (pgliteDir ? 'PGlite in a data directory' : 'PGlite in memory') : handle.kind;
await migrate(handle, [migrations]);

/**
 * CPU seconds spent so far by this process and, for a PostgreSQL server on this machine, by the database's
 * backends: on a busy machine a steadier figure than the wall clock.
 */
async function cpuSeconds() {
  const own = process.cpuUsage();
  let backends = 0;
  if (handle.kind !== 'pglite') {
    const rows = await queryRows<{ pid: number }>(handle.db, sql`select pid from pg_stat_activity where datname = current_database()`);
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        backends += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // not on this machine (or not Linux): own CPU only
      }
    }
  }
  return (own.user + own.system) / 1e6 + backends;
}

const cpuBefore = await cpuSeconds();
started = performance.now();
let writtenAt = 0;
const report = await importJsonLines(handle.db, file, paperFromCorpusRecord, {
  onProgress: (p) => {
    if (p.imported === lines.length && !writtenAt) writtenAt = performance.now();
  },
});
const total = (performance.now() - started) / 1000;
const writing = (writtenAt - started) / 1000;
const cpu = (await cpuSeconds()) - cpuBefore;
const [postings] = await queryRows<{ n: string }>(handle.db, sql`select sum(documents) as n from scholar.term_stats`);
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });

const cores = os.cpus();
console.log(
  `\ncorpus import on ${where}: ${report.imported} records (${postings?.n} postings), ${cores.length} × ${cores[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(1)}\n`,
);
console.log(`${'step'.padEnd(44)}${'records/s'.padStart(12)}${'seconds'.padStart(10)}`);
const row = (name: string, rate: number, seconds: number) => console.log(`${name.padEnd(44)}${rate.toFixed(0).padStart(12)}${seconds.toFixed(1).padStart(10)}`);
row('reference: read and parse only', parseRate, parsed / parseRate);
row('import: batches written', report.imported / writing, writing);
row('import: with the statistics refresh', report.imported / total, total);
console.log(`\nCPU (this process and the database's backends): ${cpu.toFixed(1)} s, ${((cpu / report.imported) * 1000).toFixed(2)} ms per record`);
