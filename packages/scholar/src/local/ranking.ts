// BM25's parameters, shared by indexing (which stores each posting's saturated term frequency) and querying.

/** Okapi BM25 parameters and the title weight, tuned on the SciFact train split (`npm run bench:retrieval`). */
export const RANKING = {
  k1: 1.2,
  b: 0.75,
  /** How much more a word in the title counts than one in the abstract: BM25F's field weight, folded into tf. */
  titleWeight: 2,
} as const;

/** Postings per packed block (8 bytes each): a block row stays under PostgreSQL's 2 kB out-of-line threshold. */
export const BLOCK_POSTINGS = 224;

/**
 * Postings one search may read, shared among its terms rarest first: a rare term is read whole, and the terms found
 * in most of the corpus ("model", "learning") split what is left, strongest postings first. Up to this size a query
 * is exact BM25; beyond it the weakest postings of the commonest terms are left out (bench/search prints how often
 * the top 10 still equal exact BM25's).
 */
export const POSTINGS_BUDGET = 250_000;
