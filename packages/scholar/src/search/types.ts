// The shapes federated search answers with: one status per asked source, merged hits ranked across sources.
import type { Paper } from '../paper';
import type { QueryTranslation, ShownTranslation } from '../translate/translate-query';
import type { SourceId } from '../sources/source';
import type { SourceErrorCode } from '../sources/source-error';

export type SourceStatus =
  /** Answered: `returned` hits (before merging), `total` as the provider counts its matches (null: unknown). */
  | { source: SourceId; state: 'ok'; returned: number; total: number | null; tookMs: number }
  /** Answered with an error (HTTP status, malformed body, network); `retryAfterSeconds` when it asked us to wait. */
  | { source: SourceId; state: 'error'; code: SourceErrorCode; message: string; status?: number; retryAfterSeconds?: number; tookMs: number }
  /** No answer within the per-source timeout; its request was cancelled. */
  | { source: SourceId; state: 'timeout'; message: string; tookMs: number }
  /** Asked for, but not switched on in this deployment (SCHOLAR_SOURCES). */
  | { source: SourceId; state: 'disabled'; message: string };

export interface FederatedHit {
  /** The merged record: the richest value of each field across the sources that found it. */
  paper: Paper;
  /** Every source that returned this work, best metadata first. */
  sources: SourceId[];
  /** Fused relevance across sources (reciprocal-rank fusion, weighted by each source's own normalised score). */
  score: number;
  /** 1-based rank of the work in each source's own list. */
  ranks: Partial<Record<SourceId, number>>;
}

export interface FederatedSearchResult {
  query: string;
  results: FederatedHit[];
  /** Merged, filtered results available up to the depth searched (offset + limit): more pages while total > offset + limit. */
  total: number;
  offset: number;
  limit: number;
  sources: SourceStatus[];
  /** What was searched besides the query as written (translate=auto and a translation found), else null. */
  translation: SearchedTranslation | null;
}

export interface SearchedTranslation extends QueryTranslation {
  /** The translations searched besides the query, best first ("glycolysis, metabolic pathway"). */
  searched: string[];
  /** What a person is told was translated, and how: each word (or the whole query) with its translation and source. */
  shown: ShownTranslation[];
}
