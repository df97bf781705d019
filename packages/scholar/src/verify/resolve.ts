// Asking sources for the work a reference points at: by its identifiers first, by its title when no identifier
// resolves. Every source runs under the same deadline; failures become statuses, never exceptions.
import type { SourcedPaper } from '../search/merge-papers';
import { runSource } from '../search/run-source';
import type { SourceStatus } from '../search/types';
import type { Identifier } from '../sources/identifiers';
import type { Source } from '../sources/source';
import type { ParsedReference } from './types';

export type Candidate = SourcedPaper & { byIdentifier: boolean };

export interface Found {
  candidates: Candidate[];
  statuses: SourceStatus[];
}

interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export function identifiersOf(ref: ParsedReference): Identifier[] {
  return [
    ...(ref.doi ? [{ kind: 'doi' as const, value: ref.doi }] : []),
    ...(ref.arxivId ? [{ kind: 'arxiv' as const, value: ref.arxivId }] : []),
    ...(ref.pmid ? [{ kind: 'pmid' as const, value: ref.pmid }] : []),
  ];
}

async function ask(
  sources: Source[],
  task: (source: Source, signal: AbortSignal) => Promise<Array<SourcedPaper['paper']>>,
  byIdentifier: boolean,
  options: RunOptions,
): Promise<Found> {
  const outcomes = await Promise.all(sources.map(async (source) => ({ source, outcome: await runSource(source, (signal) => task(source, signal), options) })));
  const found: Found = { candidates: [], statuses: [] };
  for (const { source, outcome } of outcomes) {
    if (!outcome.ok) {
      found.statuses.push(outcome.status);
      continue;
    }
    found.statuses.push({ source: source.id, state: 'ok', returned: outcome.value.length, total: null, tookMs: outcome.tookMs });
    for (const paper of outcome.value) found.candidates.push({ paper, source: source.id, byIdentifier });
  }
  return found;
}

/** Each source looks up the identifiers it supports (sources supporting none are not asked). */
export function lookupIdentifiers(sources: Source[], ref: ParsedReference, options: RunOptions): Promise<Found> {
  const ids = identifiersOf(ref);
  const asked = sources.filter((s) => ids.some((id) => s.lookupKinds.includes(id.kind)));
  return ask(
    asked,
    async (source, signal) => {
      const papers = await Promise.all(ids.filter((id) => source.lookupKinds.includes(id.kind)).map((id) => source.lookup(id, signal)));
      return papers.filter((p) => p !== null);
    },
    true,
    options,
  );
}

/** Each source proposes its closest works for the title (and first author and year, where it can use them). */
export function searchTitles(sources: Source[], ref: ParsedReference, options: RunOptions): Promise<Found> {
  const authors = ref.authors.map((a) => a.family ?? a.literal ?? '').filter(Boolean);
  return ask(sources, (source, signal) => source.findByTitle({ title: ref.title!, year: ref.year, authors, limit: 5 }, signal), false, options);
}
