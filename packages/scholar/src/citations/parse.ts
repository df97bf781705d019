// Reading reference files given as text (the library's import, the "check references" tool). Each broken entry
// is reported with where it starts and why, and the others are read all the same.
import type { Paper } from '../paper';
import { paperFromBibtex } from './bibtex-import';
import { splitBibtex } from './bibtex-split';
import { CslJsonSplitter, paperFromCslJsonElement } from './csl-json';
import { paperFromRis, RisSplitter, type RisRecord } from './ris-import';

export interface ParseFailure {
  /** Line where the entry starts (1-based). */
  line: number;
  /** 1-based position of the entry in the file. */
  entry: number;
  /** The BibTeX key or RIS ID, when the entry has one. */
  key?: string;
  reason: string;
}

export interface ParseResult {
  papers: Paper[];
  failures: ParseFailure[];
}

export type ReferenceFormat = 'bibtex' | 'ris' | 'csl-json';

export function parseReferenceFile(text: string, format: ReferenceFormat, defaults: { source?: string } = {}): ParseResult {
  if (format === 'bibtex') return parseBibtex(text, defaults);
  if (format === 'ris') return parseRis(text, defaults);
  return parseCslJson(text, defaults);
}

export function parseBibtex(text: string, defaults: { source?: string } = {}): ParseResult {
  const { chunks, strings } = splitBibtex(text);
  const result: ParseResult = { papers: [], failures: [] };
  for (const chunk of chunks) {
    try {
      result.papers.push(paperFromBibtex(chunk, strings, defaults));
    } catch (error) {
      result.failures.push({ line: chunk.line, entry: chunk.entry, key: chunk.key, reason: bibtexReason(error) });
    }
  }
  return result;
}

export function parseRis(text: string, defaults: { source?: string } = {}): ParseResult {
  const splitter = new RisSplitter();
  const records: RisRecord[] = [];
  text.split(/\r?\n/).forEach((line, i) => records.push(...splitter.push(line, i + 1)));
  records.push(...splitter.end());
  const result: ParseResult = { papers: [], failures: [] };
  for (const record of records) {
    try {
      result.papers.push(paperFromRis(record, defaults));
    } catch (error) {
      result.failures.push({ line: record.line, entry: record.entry, key: risKey(record), reason: reason(error) });
    }
  }
  return result;
}

export function parseCslJson(text: string, defaults: { source?: string } = {}): ParseResult {
  const splitter = new CslJsonSplitter();
  const elements = splitter.push(text);
  const last = splitter.end();
  if (last) elements.push(last);
  const result: ParseResult = { papers: [], failures: [] };
  if (splitter.problem) result.failures.push({ line: 1, entry: 1, reason: splitter.problem });
  for (const element of elements) {
    try {
      result.papers.push(paperFromCslJsonElement(element, defaults));
    } catch (error) {
      result.failures.push({ line: element.line, entry: element.entry, key: cslKey(element.text), reason: reason(error) });
    }
  }
  return result;
}

export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();

/**
 * citation-js's syntax errors name a line counted across everything it has parsed in the process, which means
 * nothing to the user: the entry's own line is reported instead, with what the parser expected.
 */
export function bibtexReason(error: unknown): string {
  const message = reason(error).replace(/\s*at line \d+ col(?:umn)? \d+:?$/, '');
  return /^(invalid syntax|expected|unexpected)/i.test(message) ? `syntax error: ${message}` : message;
}

export const risKey = (record: RisRecord) => record.tags.find(([t]) => t === 'ID')?.[1].trim() || undefined;
export const cslKey = (text: string) => /"id"\s*:\s*"([^"]*)"/.exec(text)?.[1];
