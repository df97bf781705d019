// `scholar import` (npm run corpus:import -- [--format F] FILE…): files into the local corpus, with a progress bar
// on stderr, every broken record reported where it starts, and a summary at the end.
//
// Formats: jsonl (Citewise's corpus records), arxiv (arxiv-metadata-oai-snapshot.json), openalex (works JSONL),
// bibtex, ris, csl-json; recognised from the file name and content unless --format says. Gzip is read as is.
import fs from 'node:fs';
import { SingleBar } from 'cli-progress';
import { queryRows, type Database } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { CORPUS_FORMATS, FORMAT_NAMES, isCorpusFormat, type CorpusFormat } from '../import/formats';
import { importFile, type ImportFailure } from '../import/import-file';
import { refreshStatistics } from '../local/store';

const USAGE = `usage: npm run corpus:import -- [--format ${CORPUS_FORMATS.join('|')}] FILE…`;
const SHOWN_FAILURES = 20;

/** How often a long index update says it is still at work (it is one statement: there is no progress to show). */
const STILL_WORKING_MS = 30_000;

export async function importFiles(db: Database, args: string[], stderr: NodeJS.WritableStream = process.stderr, options: { stillWorkingMs?: number } = {}) {
  const { files, format } = parseArgs(args);
  const write = (text: string) => stderr.write(text);
  let imported = 0;
  let failed = 0;
  let unreadable = 0;
  for (const file of files) {
    if (!fs.existsSync(file)) {
      write(`${file}: no such file\n`);
      unreadable++;
      continue;
    }
    const bar = new SingleBar({
      stream: stderr,
      format: `${file} [{bar}] {percentage}% | {imported} papers | {failed} skipped | {eta_formatted} left`,
      barCompleteChar: '█',
      barIncompleteChar: '░',
      hideCursor: true,
      // Without a terminal (CI logs, pipes) the bar is printed as a line every few seconds instead.
      noTTYOutput: true,
      notTTYSchedule: 5000,
    });
    const started = performance.now();
    bar.start(Math.max(1, fs.statSync(file).size), 0, { imported: 0, failed: 0 });
    try {
      const report = await importFile(db, file, {
        format,
        skipStatistics: true,
        onProgress: (p) => bar.update(p.bytesRead, { imported: p.imported, failed: p.failed }),
      });
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      write(
        `${file} (${FORMAT_NAMES[report.format]}): ${report.imported} papers in ${seconds.toFixed(1)} s (${Math.round(report.imported / Math.max(seconds, 0.001))}/s)`,
      );
      write(report.failures.length ? `, ${report.failures.length} broken records skipped:\n` : '\n');
      for (const failure of report.failures.slice(0, SHOWN_FAILURES)) write(`  ${where(failure)}: ${failure.reason}\n`);
      if (report.failures.length > SHOWN_FAILURES) write(`  … and ${report.failures.length - SHOWN_FAILURES} more\n`);
      imported += report.imported;
      failed += report.failures.length;
    } catch (error) {
      bar.stop();
      write(`${file}: not imported: ${error instanceof Error ? error.message : error}\n`);
      unreadable++;
    }
  }
  // New papers' terms and those of changed ones get their blocks here (a first import: every term's, up to as long as
  // reading the files). One statement does it, so there is no bar: a line says what is being done, another every
  // half minute that it still is (minutes at a million papers on PostgreSQL; PGlite's statements hold this thread, so
  // there it stays silent), and the last how long it took.
  write('updating the search index…\n');
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  const ticker = setInterval(() => write(`  still updating the search index (${seconds()} s)\n`), options.stillWorkingMs ?? STILL_WORKING_MS);
  const index = await refreshStatistics(db).finally(() => clearInterval(ticker));
  write(
    `search index updated in ${((performance.now() - started) / 1000).toFixed(1)} s: ${index.terms} ${index.everything ? 'terms' : 'changed terms'} rebuilt\n`,
  );
  const [count] = await queryRows<{ n: string }>(db, sql`select count(*) as n from scholar.papers`);
  write(
    `imported ${imported} papers from ${files.length - unreadable} of ${files.length} files` +
      `${failed ? `; ${failed} broken records skipped` : ''}; the local corpus now holds ${count?.n ?? 0} papers\n`,
  );
  if (unreadable) process.exitCode = 1;
}

function parseArgs(args: string[]): { files: string[]; format?: CorpusFormat } {
  const files: string[] = [];
  let format: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--format') format = args[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else files.push(arg);
  }
  if (format !== undefined && !isCorpusFormat(format)) throw new Error(`unknown format "${format}"\n${USAGE}`);
  if (files.length === 0) throw new Error(`import needs at least one FILE\n${USAGE}`);
  return { files, format };
}

/** "line 12", or "line 40, entry 4 (smith2020)" for formats with entries. */
function where(failure: ImportFailure): string {
  const entry = failure.entry ? `, entry ${failure.entry}` : '';
  const key = failure.key ? ` (${failure.key})` : '';
  return `line ${failure.line}${entry}${key}`;
}
