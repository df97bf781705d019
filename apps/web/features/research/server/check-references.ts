import 'server-only';
import { authorName, parseReferenceFile, verifyReference, type Paper, type ReferenceInput, type SourceRegistry } from '@citewise/scholar';
import { AppError } from '@/lib/errors';
import { MAX_CHECKED_REFERENCES, type VerifyRequest } from '../schema';
import type { CheckedReference } from './checked-reference-type';

export type { CheckedReference };

type Entry = { text: string; reference: ReferenceInput } | { text: string; reason: string };

/** Plain text, BibTeX, RIS or CSL-JSON, by how the text begins. */
export function detectBibliographyFormat(text: string): 'plain' | 'bibtex' | 'ris' | 'csl-json' {
  const start = text.trimStart();
  if (start.startsWith('@')) return 'bibtex';
  if (/^TY {2}- /m.test(start.slice(0, 2000))) return 'ris';
  // `[1] Author…` is a numbered reference, not a JSON array.
  if (/^(\[\s*)?\{/.test(start)) return 'csl-json';
  return 'plain';
}

/** Pasted references: one per paragraph when blank lines separate them, else one per line; list numbers dropped. */
export function splitPlainReferences(text: string): string[] {
  const blocks = /\n\s*\n/.test(text.trim()) ? text.split(/\n\s*\n/) : text.split('\n');
  return blocks
    .map((block) =>
      block
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^(\[\d+\]|\d+[.)]|[-*•])\s+/, ''),
    )
    .filter((block) => block.length > 0);
}

function describe(paper: Paper): string {
  const authors = paper.authors.slice(0, 3).map(authorName).join(', ');
  return [authors, paper.issued?.year, paper.title].filter(Boolean).join('. ');
}

/** What a file's (or the library's) record claims, as a structured reference to check. */
export function referenceFromPaper(paper: Paper): ReferenceInput {
  return {
    title: paper.title,
    authors: paper.authors,
    year: paper.issued?.year,
    container: paper.container ?? undefined,
    volume: paper.details?.volume,
    issue: paper.details?.issue,
    pages: paper.details?.page,
    doi: paper.doi ?? undefined,
    arxivId: paper.arxivId ?? undefined,
    pmid: paper.pmid ?? undefined,
  };
}

function entriesOf(input: VerifyRequest): Entry[] {
  const format = input.format ?? detectBibliographyFormat(input.text);
  if (format === 'plain') return splitPlainReferences(input.text).map((text) => ({ text, reference: text }));
  const parsed = parseReferenceFile(input.text, format);
  const entries: Array<Entry & { order: number }> = [
    ...parsed.papers.map((paper, i) => ({
      order: i,
      text: describe(paper),
      reference: referenceFromPaper(paper),
    })),
    ...parsed.failures.map((failure) => ({ order: failure.entry - 0.5, text: failure.key ?? `#${failure.entry}`, reason: failure.reason })),
  ];
  return entries.sort((a, b) => a.order - b.order);
}

/** Checks each entry of a bibliography against the corpus and the switched-on sources, four at a time. */
export async function checkReferences(registry: SourceRegistry, input: VerifyRequest, signal?: AbortSignal): Promise<CheckedReference[]> {
  const entries = entriesOf(input);
  if (entries.length === 0) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'bibliography_required' }] });
  if (entries.length > MAX_CHECKED_REFERENCES) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'too_many_references' }] });
  const results: CheckedReference[] = new Array(entries.length);
  let next = 0;
  async function worker() {
    while (next < entries.length) {
      const i = next++;
      results[i] = await checkOne(registry, entries[i]!, i + 1, signal);
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, entries.length) }, worker));
  return results;
}

async function checkOne(registry: SourceRegistry, entry: Entry, index: number, signal?: AbortSignal): Promise<CheckedReference> {
  const base = {
    index,
    text: entry.text,
    fields: [],
    differences: [],
    unconfirmed: [],
    paper: null,
    corrected: null,
    sources: [],
    complete: true,
    searched: [],
    candidates: [],
  };
  if ('reason' in entry) return { ...base, status: 'unreadable', reason: entry.reason };
  try {
    const result = await verifyReference(registry, entry.reference, { signal });
    if (result.status === 'not_found' || result.status === 'unchecked') {
      return { ...base, status: result.status, complete: result.complete, searched: result.searched, candidates: result.candidates };
    }
    const { status, paper, corrected, fields, differences, unconfirmed, sources, searched } = result;
    return { ...base, status, paper, corrected, fields, differences, unconfirmed, sources, searched };
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidInputError') return { ...base, status: 'unreadable', reason: error.message };
    throw error;
  }
}
