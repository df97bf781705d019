// Okapi BM25 over the local corpus. The query is analysed exactly as documents are (PostgreSQL's English
// configuration, Chinese pre-segmented); the packed postings of its terms (scholar.term_blocks) are read in one
// statement (postings.ts), rarest terms whole and the commonest strongest-first within POSTINGS_BUDGET, and scored
// here: a paper's score is the sum over the query terms it contains of idf × its stored BM25 weight. PostgreSQL is
// good at handing over a few kilobytes per term and poor at aggregating hundreds of thousands of rows; this splits
// the work that way.
// Chinese words are stricter (see chinese-query.ts): single characters are left out, and a paper must contain most of
// a Chinese query's words, so a query of unrelated words finds nothing rather than every paper sharing one of them.
// A query searched with its translation is scored by translated-scores.ts. The strategies are each in a file:
// rank-plain.ts (the default with no filter), bounded-scores.ts (measured, not served), and for a filtered or
// date-ordered search the sums of Scores here, then filter-order.ts.
import { sql } from '@citewise/db/orm';
import { queryRows } from '@citewise/db';
import { segmentForIndex } from '../text/segment';
import { paperAttributes } from './attributes';
import { boundedScores } from './bounded-scores';
import { chineseQueryPlan } from './chinese-query';
import { filterAndOrder, filterAndOrderInMemory, filterConditions } from './filter-order';
import { idfOf, MAX_QUERY_TERMS, readPostings, type Db, type QueryTerm } from './query-terms';
import { rankPlain } from './rank-plain';
import { POSTINGS_BUDGET, RANKING } from './ranking';
import { Scores } from './scores';
import type { LocalHit, LocalSearchOptions } from './search-options';
import { translatedScores } from './translated-scores';

export { RANKING };
export { TRANSLATION_WEIGHT } from './translated-scores';
export { THREAD_MIN_POSTINGS } from './rank-plain';
export type { LocalHit, LocalSearchOptions } from './search-options';

export async function searchLocal(db: Db, options: LocalSearchOptions): Promise<{ hits: LocalHit[]; total: number }> {
  const limit = Math.min(options.limit ?? 20, 1000);
  const offset = Math.max(0, options.offset ?? 0);
  let terms: QueryTerm[];
  let scores: Scores;
  if (options.translation?.text || options.translation?.terms.some((t) => t.translations.length)) {
    const structured = await translatedScores(db, options.translation, options.exhaustive ? Infinity : POSTINGS_BUDGET);
    if (!structured) return { hits: [], total: 0 };
    ({ terms, scores } = structured);
  } else {
    const analysed = await queryTerms(db, segmentForIndex(options.query));
    const plan =
      options.chineseRules === false ? { drop: new Set<string>(), required: new Set<string>(), minimum: 0 } : chineseQueryPlan(analysed.map((t) => t.term));
    // A required word the corpus does not have still counts towards the minimum: it is a word of the query.
    terms = analysed.filter((t): t is QueryTerm => t.documents !== null && !plan.drop.has(t.term)).slice(0, MAX_QUERY_TERMS);
    const present = terms.filter((t) => plan.required.has(t.term)).length;
    if (terms.length === 0 || present < plan.minimum) return { hits: [], total: 0 };
    const narrowed = Boolean(
      options.yearFrom !== undefined || options.yearTo !== undefined || options.hasAbstract || options.fields?.length || options.language,
    );
    if (plan.minimum === 0 && !narrowed && options.sort !== 'newest' && !options.exhaustive && options.strategy === 'bounded') {
      const bounded = await boundedScores(db, terms, offset + limit, options.rounds);
      let page: Hit[];
      try {
        page = bounded.scores
          .top(offset + limit)
          .slice(offset)
          .map((key) => ({ key, score: bounded.scores.of(key) }));
      } finally {
        bounded.scores.release();
      }
      return hitsOf(db, page, bounded.total);
    }
    if (plan.minimum === 0 && !narrowed && options.sort !== 'newest' && !options.exhaustive) {
      const best = await rankPlain(db, terms, offset + limit, options.scoring);
      return hitsOf(
        db,
        best.keys.slice(offset).map((key, i) => ({ key, score: best.scores[offset + i]! })),
        best.total,
      );
    }
    // Counting a paper's required words needs all of their postings, not the budget's strongest share.
    scores = await score(db, terms, options.exhaustive ? Infinity : POSTINGS_BUDGET, plan.required);
    if (plan.minimum > 0) scores.keepAtLeast(plan.minimum);
  }
  let ranked: { keys: number[]; total: number };
  let page: Hit[];
  try {
    const filtered = Boolean(options.yearFrom !== undefined || options.yearTo !== undefined || options.hasAbstract || options.fields?.length);
    if (options.fields?.length || options.language) ranked = await filterAndOrder(db, scores, filterConditions(options), options.sort ?? 'relevance');
    else if (filtered || options.sort === 'newest') {
      const attributes = await paperAttributes(db, terms[0]!.version, Number(terms[0]!.max_key));
      ranked = filterAndOrderInMemory(scores, attributes, options, offset + limit);
    } else ranked = { keys: scores.top(offset + limit), total: scores.size };
    page = ranked.keys.slice(offset, offset + limit).map((key) => ({ key, score: scores.of(key) }));
  } finally {
    scores.release();
  }
  return hitsOf(db, page, ranked.total);
}

/** Every analysed term of the query, indexed ones rarest first with their document frequencies, then the others (documents null). */
function queryTerms(db: Db, text: string) {
  return queryRows<QueryTerm | (Omit<QueryTerm, 'documents'> & { documents: null })>(
    db,
    sql`
    with q as (select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as lexeme)
    select q.lexeme as term, t.documents, c.documents as corpus, c.max_key, c.refreshed_at::text as version
    from q left join scholar.term_stats t on t.term = q.lexeme cross join scholar.corpus_stats c
    order by t.documents nulls last, q.lexeme`,
  );
}

async function score(db: Db, terms: QueryTerm[], budget: number, counted: Set<string>): Promise<Scores> {
  const postings = await readPostings(db, terms, budget, counted);
  const scores = new Scores(Number(terms[0]!.max_key));
  try {
    // Term by term, rarest first, so a paper's sum is added up in the same order however its postings were read.
    for (const t of terms) {
      const read = postings.get(t.term);
      if (read) scores.addPostings(read, idfOf(t), counted.has(t.term));
    }
  } finally {
    postings.release();
  }
  return scores;
}

/** A paper of a page of results, by its key in the corpus, with its score. */
type Hit = { key: number; score: number };

/** A page of results as paper ids with their scores, in the page's order. */
async function hitsOf(db: Db, page: Hit[], total: number) {
  if (page.length === 0) return { hits: [], total };
  const rows = await queryRows<{ key: number; id: string }>(
    db,
    sql`
    select key, id from scholar.papers where key = any(${`{${page.map((hit) => hit.key).join(',')}}`}::int[])`,
  );
  const ids = new Map(rows.map((r) => [Number(r.key), r.id]));
  return { hits: page.map((hit) => ({ id: ids.get(hit.key)!, score: hit.score })), total };
}
