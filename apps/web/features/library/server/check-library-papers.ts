import 'server-only';
import { verifyReference, type Paper, type SourceRegistry } from '@citewise/scholar';
import { referenceFromPaper } from '@/features/research/server/check-references';
import type { LibraryVerdict } from '@/features/papers/verdict';

/** Checks at once on import or save; the rest of a larger batch keeps no verdict until re-checked (as many as the checker takes). */
export const MAX_CHECKED_ON_IMPORT = 50;

/** One record checked against the corpus and the switched-on sources. */
export async function checkLibraryPaper(registry: SourceRegistry, paper: Paper, signal?: AbortSignal): Promise<LibraryVerdict> {
  const result = await verifyReference(registry, referenceFromPaper(paper), { signal });
  const found = result.status !== 'not_found' && result.status !== 'unchecked';
  return {
    status: result.status,
    differences: found ? result.differences : [],
    fields: found ? result.fields : [],
    unconfirmed: found ? result.unconfirmed : [],
    sources: found ? result.sources : [],
    searched: result.searched,
    checkedAt: new Date().toISOString(),
  };
}

/** Verdicts by paper id for the first `MAX_CHECKED_ON_IMPORT` papers, four checks at a time. */
export async function checkLibraryPapers(registry: SourceRegistry, papers: Paper[], signal?: AbortSignal): Promise<Map<string, LibraryVerdict>> {
  const queue = papers.slice(0, MAX_CHECKED_ON_IMPORT);
  const verdicts = new Map<string, LibraryVerdict>();
  let next = 0;
  async function worker() {
    while (next < queue.length) {
      const paper = queue[next++]!;
      verdicts.set(paper.id, await checkLibraryPaper(registry, paper, signal));
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return verdicts;
}
