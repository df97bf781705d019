// A record missing its authors, year or venue (common among the bundled Chinese papers) is completed from an
// online source that has the same work: the same title, word for word, in the same script. Each filled field
// names the source it came from, so the product can mark it as not the record's own.
import type { Paper } from '../paper';
import type { SourceRegistry } from '../sources/registry';
import type { SourceId } from '../sources/source';
import { identifiersOf, lookupIdentifiers, searchTitles } from './resolve';
import { substitutedWords, titleSimilarity } from './similarity';
import type { ParsedReference } from './types';

export type GapField = 'authors' | 'year' | 'venue';

export interface FilledPaper {
  paper: Paper;
  /** The fields taken from another source, and which. */
  filled: Partial<Record<GapField, SourceId>>;
}

/** Titles at least this close (and with no substituted word) are the same work. */
export const SAME_TITLE = 0.95;

export function gapsOf(paper: Paper): GapField[] {
  const gaps: GapField[] = [];
  if (!paper.authors.some((a) => (a.family ?? a.literal ?? '').trim())) gaps.push('authors');
  if (!paper.issued?.year) gaps.push('year');
  if (!paper.container?.trim() && !paper.arxivId) gaps.push('venue');
  return gaps;
}

export async function fillGaps(registry: SourceRegistry, paper: Paper, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<FilledPaper> {
  const gaps = gapsOf(paper);
  const online = [...registry.enabled.values()].filter((s) => s.id !== 'local');
  if (gaps.length === 0 || online.length === 0) return { paper, filled: {} };
  const ref: ParsedReference = {
    title: paper.title,
    authors: [],
    year: paper.issued?.year ?? null,
    container: null,
    volume: null,
    issue: null,
    pages: null,
    doi: paper.doi,
    arxivId: paper.arxivId,
    pmid: paper.pmid,
  };
  const run = { timeoutMs: options.timeoutMs ?? registry.timeoutMs, signal: options.signal };
  const found = identifiersOf(ref).length ? await lookupIdentifiers(online, ref, run) : { candidates: [] };
  const byTitle = found.candidates.length ? { candidates: [] } : await searchTitles(online, ref, run);
  const same = [...found.candidates, ...byTitle.candidates].filter(
    (c) =>
      c.byIdentifier ||
      (titleSimilarity(paper.title, c.paper.title) >= SAME_TITLE &&
        substitutedWords(paper.title, c.paper.title).length === 0 &&
        substitutedWords(c.paper.title, paper.title).length === 0),
  );
  const completed: Paper = { ...paper };
  const filled: FilledPaper['filled'] = {};
  for (const gap of gaps) {
    const donor = same.find(({ paper: p }) => (gap === 'authors' ? p.authors.length > 0 : gap === 'year' ? !!p.issued?.year : !!p.container?.trim()));
    if (!donor) continue;
    if (gap === 'authors') completed.authors = donor.paper.authors;
    else if (gap === 'year') completed.issued = donor.paper.issued;
    else completed.container = donor.paper.container;
    filled[gap] = donor.source;
  }
  return { paper: completed, filled };
}
