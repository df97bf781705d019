// Okapi BM25 over the local corpus. The query is analysed exactly as documents are (PostgreSQL's English
// configuration, Chinese pre-segmented); the packed postings of its terms (scholar.term_blocks) are read in one
// statement (postings.ts), rarest terms whole and the commonest strongest-first within POSTINGS_BUDGET, and scored
// here: a paper's score is the sum over the query terms it contains of idf × its stored BM25 weight. PostgreSQL is
// good at handing over a few kilobytes per term and poor at aggregating hundreds of thousands of rows; this splits
// the work that way.
// Chinese words are stricter (see chinese-query.ts): single characters are left out, and a paper must contain most of
// a Chinese query's words, so a query of unrelated words finds nothing rather than every paper sharing one of them.
// A query searched with its translation is scored by translated-scores.ts.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows } from '@citewise/db';
import { segmentForIndex } from '../text/segment';
import { chineseQueryPlan } from './chinese-query';
import type { QueryTranslation } from '../translate/translate-query';
import { paperAttributes, type PaperAttributes } from './attributes';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, POSTINGS_BUDGET, RANKING } from './ranking';
import { Scores, withScoreArray } from './scores';
import { rankPostings } from './score-kernel';
import { reuseBuffer } from './postings';
import { budgetBlocks, idfOf, MAX_QUERY_TERMS, readPostings, type Db, type QueryTerm } from './query-terms';
import { translatedScores } from './translated-scores';
import { scoreThreads, type ScoreThreads } from './score-threads';
import { postingsOf } from './store';

export { RANKING };
export { TRANSLATION_WEIGHT } from './translated-scores';

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

/** Filters and date order apply to this many of the best-scoring matches. */
const FILTER_WINDOW = 10_000;

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
    const plan = options.chineseRules === false ? { drop: new Set<string>(), required: new Set<string>(), minimum: 0 } : chineseQueryPlan(analysed.map((t) => t.term));
    // A required word the corpus does not have still counts towards the minimum: it is a word of the query.
    terms = analysed.filter((t): t is QueryTerm => t.documents !== null && !plan.drop.has(t.term)).slice(0, MAX_QUERY_TERMS);
    const present = terms.filter((t) => plan.required.has(t.term)).length;
    if (terms.length === 0 || present < plan.minimum) return { hits: [], total: 0 };
    const narrowed = Boolean(options.yearFrom !== undefined || options.yearTo !== undefined || options.hasAbstract || options.fields?.length || options.language);
    if (plan.minimum === 0 && !narrowed && options.sort !== 'newest' && !options.exhaustive && options.strategy === 'bounded') {
      const bounded = await boundedScores(db, terms, offset + limit, options.rounds);
      let page: Hit[];
      try {
        page = bounded.scores.top(offset + limit).slice(offset).map((key) => ({ key, score: bounded.scores.of(key) }));
      } finally {
        bounded.scores.release();
      }
      return hitsOf(db, page, bounded.total);
    }
    if (plan.minimum === 0 && !narrowed && options.sort !== 'newest' && !options.exhaustive) {
      const best = await rankPlain(db, terms, offset + limit, options.scoring);
      return hitsOf(db, best.keys.slice(offset).map((key, i) => ({ key, score: best.scores[offset + i]! })), best.total);
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
  return queryRows<QueryTerm | (Omit<QueryTerm, 'documents'> & { documents: null })>(db, sql`
    with q as (select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as lexeme)
    select q.lexeme as term, t.documents, c.documents as corpus, c.max_key, c.refreshed_at::text as version
    from q left join scholar.term_stats t on t.term = q.lexeme cross join scholar.corpus_stats c
    order by t.documents nulls last, q.lexeme`);
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
async function rankPlain(db: Db, terms: QueryTerm[], depth: number, scoring: LocalSearchOptions['scoring'] = {}): Promise<{ keys: number[]; scores: number[]; total: number }> {
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

/** Blocks of each term the first round of a bounded search reads; each further round reads BOUNDED_GROWTH times as many. */
const FIRST_BLOCKS = 2;
const BOUNDED_GROWTH = 4;
/** Rounds before the last, which reads each term's whole share of the budget. */
const MAX_ROUNDS = 3;
/** A query whose terms have at most this many blocks in all is read whole in one round: rounds would cost more. */
const ONE_ROUND_BLOCKS = 256;

/**
 * Top-k candidate generation with early termination (impact-ordered postings, as in score-at-a-time search): each
 * round reads the next blocks of every term not read to its end, strongest postings first. After a round, a paper's
 * unread postings can add at most U = the sum over those terms of idf × the weakest weight read so far, so once the
 * depth-th best score exceeds the next one by U, no paper outside the top can enter it: the top set is BM25's exact
 * one, and its papers' missing postings are then derived from their tsvectors, which makes their scores and
 * order exact too. Each term reads at most its share of POSTINGS_BUDGET; a search that reaches every share without
 * that proof has read exactly what the budget path reads, and answers the same.
 */
async function boundedScores(db: Db, terms: QueryTerm[], depth: number, rounds = { first: FIRST_BLOCKS, whole: ONE_ROUND_BLOCKS }): Promise<{ scores: Scores; total: number }> {
  const allowance = budgetBlocks(terms, POSTINGS_BUDGET, new Set());
  const blocks = terms.map((t) => Math.ceil(t.documents / BLOCK_POSTINGS));
  const idf = terms.map(idfOf);
  const read = terms.map(() => 0);
  // The last posting read of each term: its weight bounds every unread one (blocks are strongest first).
  const last = terms.map(() => ({ weight: Infinity, key: -1 }));
  const scores = new Scores(Number(terms[0]!.max_key));
  const index = new Map(terms.map((t, i) => [t.term, i]));
  const small = terms.reduce((sum, _, i) => sum + Math.min(allowance[i]!, blocks[i]!), 0) <= rounds.whole;
  for (let round = 0; ; round++) {
    const ranges = terms.map((_, i) => {
      // Two growing rounds, then the rest of the budget at once: most proofs come early, and each round costs a statement.
      const to = Math.min(allowance[i]!, blocks[i]!, small || round >= MAX_ROUNDS - 1 ? Infinity : round === 0 ? rounds.first : read[i]! * BOUNDED_GROWTH);
      return { from: read[i]!, to: Math.max(read[i]!, to) };
    });
    const wanted = ranges.map((r, i) => ({ r, i })).filter(({ r }) => r.to > r.from);
    if (wanted.length) {
      // One row per term, its blocks joined in order (see readPostings).
      const rows = await queryRows<{ term: string; blocks: number; postings: Uint8Array }>(db, sql`
        select b.term, count(*)::int as blocks, string_agg(b.postings, ''::bytea order by b.block) as postings
        from scholar.term_blocks b
        join unnest(${pgTextArray(wanted.map(({ i }) => terms[i]!.term))}::text[], ${`{${wanted.map(({ r }) => r.from).join(',')}}`}::int[], ${`{${wanted.map(({ r }) => r.to).join(',')}}`}::int[]) as w (term, first, upto)
          on b.term = w.term and b.block >= w.first and b.block < w.upto
        group by b.term`);
      for (const row of rows) {
        const i = index.get(row.term)!;
        scores.addTermBlock(row.postings, idf[i]!, i);
        // Blocks are full but the last: a range that came back whole ends with the weakest posting read.
        if (Number(row.blocks) === ranges[i]!.to - ranges[i]!.from && row.postings.byteLength >= 8) {
          const view = new DataView(row.postings.buffer, row.postings.byteOffset, row.postings.byteLength);
          last[i] = { key: view.getInt32(row.postings.byteLength - 8), weight: view.getFloat32(row.postings.byteLength - 4) };
        }
      }
      for (const { r, i } of wanted) read[i] = r.to;
    }
    const open = terms.map((_, i) => i).filter((i) => read[i]! < blocks[i]!);
    const bounds = terms.map((_, i) => idf[i]! * last[i]!.weight);
    // A paper seen in no term yet can reach at most the sum of the bounds; a paper seen in some, its score plus the
    // bounds of the open terms it was not seen in.
    const unseen = open.reduce((sum, i) => sum + bounds[i]!, 0);
    let proven = open.length === 0;
    if (!proven) {
      const top = scores.top(depth);
      const kth = top.length >= depth ? scores.of(top[depth - 1]!) : 0;
      proven = top.length >= depth && kth >= unseen && kth >= scores.bestOutside(new Set(top), open, bounds);
      if (proven) {
        await completeScores(db, scores, top, open.map((i) => ({ term: terms[i]!.term, index: i, idf: idf[i]!, last: last[i]! })));
        break;
      }
    }
    if (proven) break;
    // Every term read to its share of the budget: what the budget path reads, and its answer.
    if (open.every((i) => read[i]! >= allowance[i]!)) break;
  }
  return { scores, total: Math.max(scores.size, ...terms.map((t) => t.documents)) };
}

/**
 * Adds to the top papers the postings of the terms not read to their end that those papers have but the blocks read
 * did not include: postings after the last one read in the term's order (weight descending, then paper key).
 */
async function completeScores(db: Db, scores: Scores, keys: number[], open: Array<{ term: string; index: number; idf: number; last: { weight: number; key: number } }>) {
  // Only the papers not seen in every open term can miss a posting.
  keys = keys.filter((key) => open.some((t) => !scores.seen(key, t.index)));
  if (keys.length === 0) return;
  // Derived from those papers' tsvectors as the blocks were (postingsOf): the same float4 weights.
  const terms = pgTextArray(open.map((t) => t.term));
  const rows = await queryRows<{ term: string; paper: number; weight: number }>(db, postingsOf(
    sql`select key, tsv, doc_length from scholar.papers where key = any(${`{${keys.join(',')}}`}::int[])`,
    (lexeme) => sql`${lexeme} = any(${terms}::text[])`,
  ));
  const byTerm = new Map(open.map((t) => [t.term, t]));
  for (const row of rows) {
    const t = byTerm.get(row.term)!;
    // The stored weight is a float4, as in the block: compare the same values.
    const weight = Math.fround(Number(row.weight));
    const paper = Number(row.paper);
    const unread = weight < t.last.weight || (weight === t.last.weight && paper > t.last.key);
    if (unread && !scores.seen(paper, t.index)) scores.add(paper, t.idf * weight);
  }
}

function filterConditions(options: LocalSearchOptions): SQL[] {
  const filters: SQL[] = [];
  if (options.yearFrom !== undefined) filters.push(sql`p.year >= ${options.yearFrom}::int`);
  if (options.yearTo !== undefined) filters.push(sql`p.year <= ${options.yearTo}::int`);
  if (options.fields?.length) filters.push(sql`p.fields && ${pgTextArray(options.fields)}::text[]`);
  if (options.hasAbstract) filters.push(sql`p.has_abstract`);
  if (options.language === 'zh') filters.push(sql`p.language like 'zh%'`);
  if (options.language === 'en') filters.push(sql`coalesce(p.language, '') not like 'zh%'`);
  return filters;
}

/**
 * Year range, abstract and date order from the per-process attribute arrays: by score, every match that passes
 * (`total` counts them all); by date, the FILTER_WINDOW best that pass, newest first and by score within a date.
 */
function filterAndOrderInMemory(scores: Scores, attributes: PaperAttributes, options: LocalSearchOptions, depth: number) {
  const { year, date, hasAbstract } = attributes;
  const { yearFrom, yearTo } = options;
  const onlyAbstracts = Boolean(options.hasAbstract);
  const accept = (key: number) =>
    (yearFrom === undefined || (year[key]! !== 0 && year[key]! >= yearFrom)) &&
    (yearTo === undefined || (year[key]! !== 0 && year[key]! <= yearTo)) &&
    (!onlyAbstracts || hasAbstract[key] === 1);
  if (options.sort !== 'newest') return { keys: scores.top(depth, accept), total: scores.count(accept) };
  const window = scores.top(FILTER_WINDOW, accept);
  const rank = new Map(window.map((key, i) => [key, i]));
  window.sort((a, b) => date[b]! - date[a]! || rank.get(a)! - rank.get(b)!);
  return { keys: window, total: window.length };
}

/** The best-scoring matches that pass the filters, by score or by date (in SQL: needed for the field and language filters). */
async function filterAndOrder(db: Db, scores: Scores, filters: SQL[], sort: 'relevance' | 'newest') {
  const window = scores.top(FILTER_WINDOW);
  if (window.length === 0) return { keys: [], total: 0 };
  const where = filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const order = sort === 'newest' ? sql`p.year desc nulls last, p.month desc nulls last, p.day desc nulls last,` : sql``;
  const rows = await queryRows<{ key: number }>(db, sql`
    select p.key from scholar.papers p
    join unnest(${`{${window.join(',')}}`}::int[]) with ordinality as w (key, rank) on w.key = p.key
    where true ${where}
    order by ${order} w.rank`);
  return { keys: rows.map((r) => Number(r.key)), total: rows.length };
}

/** A paper of a page of results, by its key in the corpus, with its score. */
type Hit = { key: number; score: number };

/** A page of results as paper ids with their scores, in the page's order. */
async function hitsOf(db: Db, page: Hit[], total: number) {
  if (page.length === 0) return { hits: [], total };
  const rows = await queryRows<{ key: number; id: string }>(db, sql`
    select key, id from scholar.papers where key = any(${`{${page.map((hit) => hit.key).join(',')}}`}::int[])`);
  const ids = new Map(rows.map((r) => [Number(r.key), r.id]));
  return { hits: page.map((hit) => ({ id: ids.get(hit.key)!, score: hit.score })), total };
}
