// What a search of the local corpus is asked (searchLocal in search.ts) and what it answers.
import type { QueryTranslation } from '../translate/translate-query';
import type { ScoreThreads } from './score-threads';

export interface LocalSearchOptions {
  query: string;
  limit?: number;
  offset?: number;
  yearFrom?: number;
  yearTo?: number;
  fields?: string[];
  hasAbstract?: boolean;
  sort?: 'relevance' | 'newest';
  /** Only papers in this language (`zh`: language zh…; `en`: any other or unknown). */
  language?: 'en' | 'zh';
  /** Read every posting of each term (exact BM25): for evaluating the budget (bench/search), not for serving. */
  exhaustive?: boolean;
  /**
   * `budget` (the default): every term's share of POSTINGS_BUDGET in one statement. `bounded`: an unfiltered search
   * by relevance reads each term's strongest postings in rounds and stops as soon as no unread posting can change
   * the top results (they are then exact BM25's), within the same shares. At a million papers `bounded` measured
   * slower (bench/search/scale.ts: six-word queries rarely stop early, and each round costs a statement), so it is
   * kept for measuring, not used by default.
   */
  strategy?: 'bounded' | 'budget';
  /** The bounded search's rounds: blocks per term in the first, and the total read whole in one (tests use small ones). */
  rounds?: { first: number; whole: number };
  /** `false`: any query word matches, single Chinese characters included (the analysis before; for bench/chinese). */
  chineseRules?: boolean;
  /**
   * Search the query's terms together with their translations (translate/translate-query.ts): each term is one
   * synonym group, the source word or any of its translations, scored as one query term.
   */
  translation?: QueryTranslation | null;
  /**
   * Where a search with no filter scores (score-threads.ts): by default on this process's scoring threads
   * (SEARCH_THREADS) once it reads THREAD_MIN_POSTINGS postings. `threads: null` scores on the searching thread.
   */
  scoring?: { threads?: ScoreThreads | null; minPostings?: number };
}

export interface LocalHit {
  id: string;
  score: number;
}
