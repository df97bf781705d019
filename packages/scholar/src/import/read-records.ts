// A corpus file as a stream of records, whatever its format: each record knows where it starts (line; entry and
// key for BibTeX, RIS and CSL-JSON) and turns itself into a Paper or throws why it cannot. Files are read line
// by line, gzip-compressed or not, so their size does not matter.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Paper } from '../paper';
import { paperFromBibtex } from '../citations/bibtex-import';
import { BibtexSplitter } from '../citations/bibtex-split';
import { CslJsonSplitter, paperFromCslJsonElement } from '../citations/csl-json';
import { bibtexReason, cslKey, reason, risKey } from '../citations/parse';
import { paperFromRis, RisSplitter } from '../citations/ris-import';
import { paperFromArxivSnapshot } from './arxiv-snapshot';
import { paperFromCorpusRecord } from './corpus-record';
import type { CorpusFormat } from './formats';
import { paperFromOpenAlexRecord } from './openalex-record';

export interface SourceRecord {
  line: number;
  entry?: number;
  key?: string;
  /** The record as a Paper; throws an Error whose message says what is wrong with it. */
  toPaper(): Paper;
}

export interface OpenedFile {
  lines: AsyncIterable<string>;
  /** Bytes of the file read so far (compressed bytes for .gz): progress against `size`. */
  bytesRead(): number;
  size: number;
  gzip: boolean;
}

export async function openLines(file: string): Promise<OpenedFile> {
  const handle = await fs.open(file);
  const magic = Buffer.alloc(2);
  const [{ size }] = await Promise.all([handle.stat(), handle.read(magic, 0, 2, 0)]);
  await handle.close();
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;
  const raw = createReadStream(file);
  const input = gzip ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  return { lines: readline.createInterface({ input, crlfDelay: Infinity }), bytesRead: () => raw.bytesRead, size, gzip };
}

/** The first few kilobytes of a file's content (decompressed), for format detection. */
export async function readHead(file: string, bytes = 16_384): Promise<string> {
  const { lines } = await openLines(file);
  let head = '';
  for await (const line of lines) {
    head += `${line}\n`;
    if (head.length >= bytes) break;
  }
  return head;
}

const JSON_LINES: Partial<Record<CorpusFormat, (value: unknown) => Paper>> = {
  jsonl: paperFromCorpusRecord,
  arxiv: paperFromArxivSnapshot,
  openalex: paperFromOpenAlexRecord,
};

export async function* readRecords(lines: AsyncIterable<string>, format: CorpusFormat): AsyncGenerator<SourceRecord> {
  const toPaper = JSON_LINES[format];
  if (toPaper) yield* jsonLinesRecords(lines, toPaper);
  else if (format === 'bibtex') yield* bibtex(lines);
  else if (format === 'ris') yield* ris(lines);
  else yield* cslJson(lines);
}

export async function* jsonLinesRecords(lines: AsyncIterable<string>, toPaper: (value: unknown) => Paper): AsyncGenerator<SourceRecord> {
  let line = 0;
  for await (const raw of lines) {
    line++;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    yield {
      line,
      toPaper() {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new Error('not valid JSON');
        }
        return toPaper(value);
      },
    };
  }
}

async function* bibtex(lines: AsyncIterable<string>): AsyncGenerator<SourceRecord> {
  const splitter = new BibtexSplitter();
  const record = (chunk: NonNullable<ReturnType<BibtexSplitter['end']>>): SourceRecord => {
    const strings = [...splitter.strings];
    return {
      line: chunk.line,
      entry: chunk.entry,
      key: chunk.key,
      toPaper: () => rethrow(() => paperFromBibtex(chunk, strings, { source: 'bibtex' }), bibtexReason),
    };
  };
  let line = 0;
  for await (const text of lines) {
    const chunk = splitter.push(text, ++line);
    if (chunk) yield record(chunk);
  }
  const last = splitter.end();
  if (last) yield record(last);
}

async function* ris(lines: AsyncIterable<string>): AsyncGenerator<SourceRecord> {
  const splitter = new RisSplitter();
  let line = 0;
  const records = (list: ReturnType<RisSplitter['end']>) =>
    list.map((r): SourceRecord => ({ line: r.line, entry: r.entry, key: risKey(r), toPaper: () => paperFromRis(r, { source: 'ris' }) }));
  for await (const text of lines) yield* records(splitter.push(text, ++line));
  yield* records(splitter.end());
}

async function* cslJson(lines: AsyncIterable<string>): AsyncGenerator<SourceRecord> {
  const splitter = new CslJsonSplitter();
  const record = (e: { line: number; entry: number; text: string }): SourceRecord => ({
    line: e.line,
    entry: e.entry,
    key: cslKey(e.text),
    toPaper: () => paperFromCslJsonElement(e, { source: 'csl-json' }),
  });
  for await (const text of lines) {
    for (const element of splitter.push(`${text}\n`)) yield record(element);
    if (splitter.problem) {
      const problem = splitter.problem;
      yield {
        line: 1,
        entry: 1,
        toPaper: () => {
          throw new Error(problem);
        },
      };
      return;
    }
  }
  const last = splitter.end();
  if (last) yield record(last);
}

function rethrow<T>(fn: () => T, explain: (error: unknown) => string): T {
  try {
    return fn();
  } catch (error) {
    throw new Error(explain(error) || reason(error));
  }
}
