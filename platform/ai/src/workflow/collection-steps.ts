// The literature review over a collection of the user's library: instead of planning queries and searching, the
// review is written from the collection's papers, every one of them kept (the researcher chose them), numbered in
// the collection's order. The reference list then holds exactly these papers, so nothing is cited that is not listed.
import type { AiContext } from '../context';
import { invalidParam } from '../errors';
import { chosenPapers, type ChosenPaper } from '../chat/library-papers';
import { bestPassages, type Evidence } from '../research/retrieve';
import type { Screening } from './review-steps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The collection's papers as the end user sees them; refused when it is not theirs, empty or too large. */
export async function collectionPapers(ctx: AiContext, user: string, collectionId: string): Promise<ChosenPaper[]> {
  if (!UUID.test(collectionId)) throw invalidParam('library_collection must be a collection id.');
  return chosenPapers(ctx, user, { collectionId }, AbortSignal.timeout(ctx.config.LLM_TIMEOUT_MS));
}

/** Every paper of the collection as evidence, with the passages of its abstract that best match the focus. */
export function collectionScreening(papers: ChosenPaper[], focus: string): Screening {
  const kept: Evidence[] = papers.map((p, i) => ({
    position: i + 1,
    paper: p.paper,
    sources: ['library'],
    score: 1,
    passages: bestPassages(p.paper, focus || p.paper.title),
    libraryEntryId: p.entryId,
  }));
  const report = kept.map((e) => ({
    paper_id: e.paper.id,
    title: e.paper.title,
    year: e.paper.issued?.year ?? null,
    hits: 0,
    score: 1,
    reason: 'in_collection' as const,
    rank: e.position,
  }));
  return { kept, report: { queries: 0, found: kept.length, limit: kept.length, kept: report, excluded: [] } };
}
