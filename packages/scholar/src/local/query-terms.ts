// The terms of a query as the index knows them (document frequencies, the corpus size, the index version), their
// idf, and the reading of their postings within the search's budget: shared by the plain search (search.ts) and the
// search of a translated query (translated-scores.ts).
import type { Database } from '@citewise/db';
import { BLOCK_POSTINGS } from './ranking';
import { readTermPostings } from './postings';

export type Db = Pick<Database, 'execute'>;

/** A pasted abstract has hundreds of words; its rarest ones carry the ranking (BM25's idf), the rest only cost time. */
export const MAX_QUERY_TERMS = 32;

export interface QueryTerm {
  term: string;
  documents: number;
  corpus: number;
  max_key: number;
  /** corpus_stats.refreshed_at: the version of the index the terms and blocks belong to. */
  version: string;
}

export const idfOf = (t: QueryTerm) => Math.log(1 + (t.corpus - t.documents + 0.5) / (t.documents + 0.5));

/** Blocks of each term (rarest first) within the budget: at most an equal share of what the rarer ones left; counted terms whole. */
export function budgetBlocks(terms: QueryTerm[], budget: number, counted: Set<string>): number[] {
  let remaining = budget;
  let sharing = terms.filter((t) => !counted.has(t.term)).length;
  return terms.map((t) => {
    let take = t.documents;
    if (!counted.has(t.term)) {
      take = Math.min(t.documents, Math.floor(remaining / sharing--));
      remaining -= take;
    }
    return Math.min(Math.ceil(take / BLOCK_POSTINGS), 2 ** 31 - 1);
  });
}

/** The postings of the terms within the budget, decoded (postings.ts). */
export function readPostings(db: Db, terms: QueryTerm[], budget: number, counted: Set<string>) {
  const blocks = budgetBlocks(terms, budget, counted);
  return readTermPostings(
    db,
    terms.map((t, i) => ({ term: t.term, blocks: blocks[i]! })),
  );
}
