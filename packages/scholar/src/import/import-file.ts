// Streams a JSON Lines file (optionally gzip-compressed) into the local corpus in batches. A broken record is
// reported with its line number and skipped; the rest of the file still imports.
import { createReadStream } from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '@citewise/db';
import type { Paper } from '../paper';
import { refreshStatistics, upsertPapers } from '../local/store';

export interface ImportReport {
  imported: number;
  failures: Array<{ line: number; reason: string }>;
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (progress: { lines: number; imported: number; bytesRead: number }) => void;
  /** Skip the statistics refresh (when several files are imported in a row). */
  skipStatistics?: boolean;
}

export async function importJsonLines(
  db: Pick<Database, 'execute' | 'transaction'>,
  file: string,
  toPaper: (value: unknown) => Paper,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 500;
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  const report: ImportReport = { imported: 0, failures: [] };
  let batch: Paper[] = [];
  let lineNumber = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await upsertPapers(db, batch);
    report.imported += batch.length;
    batch = [];
    options.onProgress?.({ lines: lineNumber, imported: report.imported, bytesRead: raw.bytesRead });
  };
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    try {
      batch.push(toPaper(JSON.parse(line)));
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'not valid JSON' : error instanceof Error ? error.message.split('\n')[0]! : String(error);
      report.failures.push({ line: lineNumber, reason });
      continue;
    }
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (!options.skipStatistics) await refreshStatistics(db);
  return report;
}
