// The literature engine from the command line, for scripting and evaluation.
//
//   npm run scholar -- search --json [--limit N] [--sources local] QUERY
//   npm run scholar -- search --queries FILE [--limit N]      (JSON lines {"_id","text"} → {"query_id","ids"})
//   npm run corpus:import -- FILE…                            (JSON Lines, .jsonl or .jsonl.gz)
//
// Uses DATABASE_URL, else the embedded database under DATA_DIR (stop the server first: PGlite has one owner).
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { databaseOptionsFromEnv, migrate, openDatabase, queryRows } from '@citewise/db';
import { inArray, sql } from '@citewise/db/orm';
import { migrations } from './db/migrations';
import { papers } from './db/schema';
import { paperFromCorpusRecord } from './import/corpus-record';
import { importJsonLines } from './import/import-file';
import { refreshStatistics } from './local/store';
import { searchLocal } from './local/search';

const SOURCES = ['local'];

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const options = databaseOptionsFromEnv();
  const handle = await openDatabase(options);
  try {
    await migrate(handle, [migrations]);
    if (command === 'search') return await search(handle.db, rest);
    if (command === 'import') return await importFiles(handle.db, rest);
    console.error('usage: scholar search [--json] [--limit N] [--sources local] QUERY | scholar search --queries FILE | scholar import FILE…');
    process.exitCode = 2;
  } finally {
    await handle.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function search(db: Db, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, limit: { type: 'string', default: '10' }, sources: { type: 'string', default: 'local' }, queries: { type: 'string' } },
  });
  const limit = Number(values.limit);
  const unknown = values.sources!.split(',').filter((s) => !SOURCES.includes(s));
  if (unknown.length) throw new Error(`source ${unknown.join(', ')} is not available; available: ${SOURCES.join(', ')}`);
  if (values.queries) {
    const lines = readline.createInterface({ input: fs.createReadStream(values.queries), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const query = JSON.parse(line) as { _id: string; text: string };
      const { hits } = await searchLocal(db, { query: query.text, limit });
      process.stdout.write(`${JSON.stringify({ query_id: query._id, ids: hits.map((h) => h.id) })}\n`);
    }
    return;
  }
  const query = positionals.join(' ').trim();
  if (!query) throw new Error('search needs a QUERY');
  const { hits, total } = await searchLocal(db, { query, limit });
  const rows = hits.length ? await db.select().from(papers).where(inArray(papers.id, hits.map((h) => h.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results = hits.map((h) => {
    const p = byId.get(h.id)!;
    return { id: p.id, title: p.title, year: p.year, authors: p.authors, container: p.container, doi: p.doi, arxiv_id: p.arxivId, url: p.url, language: p.language, source: p.source, score: Number(h.score.toFixed(4)) };
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ query, total, results }, null, 2)}\n`);
    return;
  }
  for (const [i, r] of results.entries()) console.log(`${String(i + 1).padStart(3)}. ${r.title} (${r.year ?? 'n.d.'}) [${r.id}]`);
  console.log(`${total} matching papers`);
}

async function importFiles(db: Db, files: string[]) {
  if (files.length === 0) throw new Error('import needs at least one FILE');
  let failed = 0;
  for (const file of files) {
    const size = fs.statSync(file).size;
    const started = performance.now();
    const report = await importJsonLines(db, file, paperFromCorpusRecord, {
      skipStatistics: true,
      onProgress: ({ imported, bytesRead }) => {
        const share = Math.min(1, bytesRead / size);
        const bar = '█'.repeat(Math.round(share * 30)).padEnd(30, '░');
        process.stderr.write(`\r${file}: ${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${imported} papers`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(`\r${file}: ${report.imported} papers in ${seconds.toFixed(1)} s (${Math.round(report.imported / seconds)}/s)${' '.repeat(20)}\n`);
    for (const failure of report.failures.slice(0, 20)) process.stderr.write(`  line ${failure.line} skipped: ${failure.reason}\n`);
    if (report.failures.length > 20) process.stderr.write(`  … and ${report.failures.length - 20} more broken records\n`);
    failed += report.failures.length;
  }
  process.stderr.write('updating search statistics…\n');
  await refreshStatistics(db);
  const [count] = await queryRows<{ n: string }>(db, sql`select count(*) as n from scholar.papers`);
  process.stderr.write(`the local corpus now holds ${count?.n ?? 0} papers${failed ? `; ${failed} broken records were skipped` : ''}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
