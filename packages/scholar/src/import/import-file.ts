// Imports a corpus file into the local corpus in batches. A broken record is reported with where it starts (line;
// entry and key where the format has them) and skipped; the rest of the file still imports. Each batch is one
// transaction, and papers are upserted by id, so importing a file again changes nothing.
import type { Database } from '@citewise/db';
import type { Paper } from '../paper';
import { refreshStatistics, upsertPapers } from '../local/store';
import { detectFormat, type CorpusFormat } from './formats';
import { jsonLinesRecords, openLines, readHead, readRecords, type SourceRecord } from './read-records';
import { describeError } from './describe-error';

export interface ImportFailure {
  /** Line where the record starts (1-based). */
  line: number;
  /** 1-based position of the entry (BibTeX, RIS, CSL-JSON). */
  entry?: number;
  /** BibTeX key, RIS ID or CSL-JSON id, when the record has one. */
  key?: string;
  reason: string;
}

export interface ImportReport {
  imported: number;
  failures: ImportFailure[];
}

export interface ImportProgress {
  /** Lines read so far (records, for the non-line formats' last line). */
  lines: number;
  imported: number;
  failed: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Batches written at once (2 by default; on PostgreSQL each on its own connection). */
  inFlight?: number;
  /** Skip the statistics refresh (when several files are imported in a row). */
  skipStatistics?: boolean;
}

export interface ImportFileOptions extends ImportOptions {
  /** The file's format; recognised from its name and content when omitted. */
  format?: CorpusFormat;
}

type Db = Pick<Database, 'execute' | 'transaction'>;

/** Imports a file in any corpus format (gzip or not). */
export async function importFile(db: Db, file: string, options: ImportFileOptions = {}): Promise<ImportReport & { format: CorpusFormat }> {
  const format = options.format ?? detectFormat(file, await readHead(file));
  const opened = await openLines(file);
  const report = await importRecords(db, readRecords(opened.lines, format), opened, options);
  return { ...report, format };
}

/** Imports a JSON Lines file with a converter of its records (the corpus format by default in `importFile`). */
export async function importJsonLines(db: Db, file: string, toPaper: (value: unknown) => Paper, options: ImportOptions = {}): Promise<ImportReport> {
  const opened = await openLines(file);
  return importRecords(db, jsonLinesRecords(opened.lines, toPaper), opened, options);
}

async function importRecords(
  db: Db,
  records: AsyncIterable<SourceRecord>,
  file: { bytesRead(): number; size: number },
  options: ImportOptions,
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 500;
  const report: ImportReport = { imported: 0, failures: [] };
  let batch: Array<{ paper: Paper; record: SourceRecord }> = [];
  let lastLine = 0;
  const progress = () =>
    options.onProgress?.({ lines: lastLine, imported: report.imported, failed: report.failures.length, bytesRead: file.bytesRead(), totalBytes: file.size });
  const fail = (record: SourceRecord, reason: string) =>
    report.failures.push({ line: record.line, ...(record.entry ? { entry: record.entry } : {}), ...(record.key ? { key: record.key } : {}), reason });
  const write = async (items: typeof batch) => {
    if (items.length === 0) return;
    // The same id twice in one statement is an error in PostgreSQL; the later record wins, as it would one by one.
    const byId = new Map(items.map((item) => [item.paper.id, item]));
    const unique = [...byId.values()];
    try {
      await db.transaction((tx) =>
        upsertPapers(
          tx,
          unique.map((item) => item.paper),
        ),
      );
      report.imported += unique.length;
    } catch {
      // Find the records the database refuses (e.g. a NUL character) and keep the others.
      for (const item of unique) {
        try {
          await db.transaction((tx) => upsertPapers(tx, [item.paper]));
          report.imported++;
        } catch (error) {
          fail(item.record, `the database refused it: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        }
      }
    }
    progress();
  };
  // Batches are written while the next ones are read and parsed, up to `inFlight` at once: on PostgreSQL each
  // transaction has its own connection and server process, so two use both cores of a small machine (PGlite runs
  // one transaction at a time). Batches in flight together never share a paper id, so the later record of a paper
  // always wins, whatever order they commit in.
  const inFlight = Math.max(1, options.inFlight ?? 2);
  const writing = new Set<{ done: Promise<void>; ids: Set<string> }>();
  const flush = async () => {
    const items = batch;
    batch = [];
    if (items.length === 0) return;
    const ids = new Set(items.map((item) => item.paper.id));
    const overlaps = () => [...writing].some((entry) => [...ids].some((id) => entry.ids.has(id)));
    while (writing.size >= inFlight || (writing.size > 0 && overlaps())) await Promise.race([...writing].map((entry) => entry.done));
    const entry = { done: write(items), ids };
    writing.add(entry);
    // Removed once written (before any waiter of it resumes); a failure is rethrown to the await that sees it.
    entry.done.then(
      () => writing.delete(entry),
      () => writing.delete(entry),
    );
  };
  for await (const record of records) {
    lastLine = Math.max(lastLine, record.line);
    try {
      batch.push({ paper: record.toPaper(), record });
    } catch (error) {
      fail(record, describeError(error));
      continue;
    }
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await Promise.all([...writing].map((entry) => entry.done));
  // Parse failures of a batch can be noted while the batch before it is still being written.
  report.failures.sort((a, b) => a.line - b.line);
  progress();
  if (!options.skipStatistics) await refreshStatistics(db);
  return report;
}
