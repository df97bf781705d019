// The default strategy for a search with no filter and no minimum: every term's share of POSTINGS_BUDGET read in
// one statement and ranked without a Scores (rankPostings), on a scoring thread when the postings are many.
import { reuseBuffer } from './postings';
import { idfOf, readPostings, type Db, type QueryTerm } from './query-terms';
import { POSTINGS_BUDGET } from './ranking';
import { rankPostings } from './score-kernel';
import { scoreThreads } from './score-threads';
import { withScoreArray } from './scores';
import type { LocalSearchOptions } from './search-options';

/**
 * Below this many postings (a fraction of a millisecond of ranking) a search ranks on its own thread: handing them
 * over would cost more than it saves. At a million papers a search reads up to 250,000; with 100,000 here, four
 * searches at once measured slower (p95 48–57 ms against 33–45), the ones under it ranking on the serving thread.
 */
export const THREAD_MIN_POSTINGS = 20_000;

/**
 * The `depth` best papers of a search with no filter and no minimum, by relevance, with their scores and the number
 * of matches (rankPostings: the sums of Scores, with less work): on a scoring thread (score-threads.ts) when there
 * are any and the postings are many enough, otherwise here.
 */
export async function rankPlain(
  db: Db,
  terms: QueryTerm[],
  depth: number,
  scoring: LocalSearchOptions['scoring'] = {},
): Promise<{ keys: number[]; scores: number[]; total: number }> {
  const { threads = scoreThreads(), minPostings = THREAD_MIN_POSTINGS } = scoring;
  const postings = await readPostings(db, terms, POSTINGS_BUDGET, new Set());
  const limit = Number(terms[0]!.max_key) + 1;
  // Every term's postings are in one buffer (postings.ts): their places in it, rarest term first.
  const parts = terms.flatMap((t) => {
    const read = postings.get(t.term);
    return read && read.count > 0 ? [{ first: read.ints.byteOffset / 8, count: read.count, idf: idfOf(t) }] : [];
  });
  if (threads && parts.reduce((sum, part) => sum + part.count, 0) >= minPostings) {
    const buffer = postings.handOver();
    const result = await threads.run({ buffer, terms: parts, maxKey: limit - 1, depth }).catch((error: unknown) => {
      // A thread that died took the postings with it: this search reads them again and ranks them here.
      console.error('[scholar] a scoring thread failed; ranking this search on the thread serving it:', error);
      return null;
    });
    if (!result) return rankPlain(db, terms, depth, { threads: null });
    reuseBuffer(result.buffer);
    return result;
  }
  try {
    const { ints, floats } = postings.views();
    return withScoreArray(limit, (values) => rankPostings(values, limit, ints, floats, parts, depth));
  } finally {
    postings.release();
  }
}
