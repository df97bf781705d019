// One ranking across sources. Reciprocal-rank fusion (Cormack et al., 2009) rewards a work that several sources
// rank high, without comparing incomparable scores; within a source that scores its hits (BM25 for the local
// corpus, OpenAlex and Crossref relevance), each rank's share is weighted by the hit's score relative to that
// source's best, so a strong BM25 match keeps more weight than a weak one at a nearby rank.
import type { SourceHit } from '../sources/source';

export const RRF_K = 60;

/** What the hit at 1-based `rank` of a source's list adds to its work's fused score. */
export function rankContribution(rank: number, score: number | null, bestScore: number | null): number {
  const base = 1 / (RRF_K + rank);
  if (score === null || bestScore === null || !(bestScore > 0)) return base;
  const relative = Math.min(1, Math.max(0, score / bestScore));
  return base * (0.5 + 0.5 * relative);
}

/** Contributions of each hit of one source's list, in list order. */
export function contributions(hits: SourceHit[]): number[] {
  const scores = hits.map((h) => h.score).filter((s): s is number => s !== null && Number.isFinite(s));
  const best = scores.length === hits.length && scores.length > 0 ? Math.max(...scores) : null;
  return hits.map((h, i) => rankContribution(i + 1, best === null ? null : h.score, best));
}
