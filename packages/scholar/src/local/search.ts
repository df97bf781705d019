// Okapi BM25 over the local corpus. The query is analysed exactly as documents are (PostgreSQL's English
// configuration, Chinese pre-segmented); the packed postings of its terms (scholar.term_blocks) are read in one
// statement, rarest terms whole and the commonest strongest-first within POSTINGS_BUDGET, and scored here: a paper's
// score is the sum over the query terms it contains of idf × its stored BM25 weight. PostgreSQL is good at handing
// over a few kilobytes per term and poor at aggregating hundreds of thousands of rows; this splits the work that way.
// Chinese words are stricter (see chinese-query.ts): single characters are left out, and a paper must contain most of
// a Chinese query's words, so a query of unrelated words finds nothing rather than every paper sharing one of them.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import { segmentForIndex } from '../text/segment';
import { chineseQueryPlan } from './chinese-query';
import { paperAttributes, type PaperAttributes } from './attributes';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, POSTINGS_BUDGET, RANKING } from './ranking';
import { Scores } from './scores';

export { RANKING };

export interface LocalSearchOptions {
  query: string;
  limit?: number;
  offset?: number;
  yearFrom?: number;
  yearTo?: number;
  fields?: string[];
  hasAbstract?: boolean;
  sort?: 'relevance' | 'newest';
  /** Read every posting of each term (exact BM25): for evaluating the budget (bench/search), not for serving. */
  exhaustive?: boolean;
  /** `false`: any query word matches, single Chinese characters included (the analysis before; for bench/chinese). */
  chineseRules?: boolean;
}

export interface LocalHit {
  id: string;
  score: number;
}

type Db = Pick<Database, 'execute'>;

/** A pasted abstract has hundreds of words; its rarest ones carry the ranking (BM25's idf), the rest only cost time. */
const MAX_QUERY_TERMS = 32;
/** Filters and date order apply to this many of the best-scoring matches. */
const FILTER_WINDOW = 10_000;

interface QueryTerm {
  term: string;
  documents: number;
  corpus: number;
  max_key: number;
  /** corpus_stats.refreshed_at: the version of the index the terms and blocks belong to. */
  version: string;
}

export async function searchLocal(db: Db, options: LocalSearchOptions): Promise<{ hits: LocalHit[]; total: number }> {
  const limit = Math.min(options.limit ?? 20, 1000);
  const offset = Math.max(0, options.offset ?? 0);
  const analysed = await queryTerms(db, segmentForIndex(options.query));
  const plan = options.chineseRules === false ? { drop: new Set<string>(), required: new Set<string>(), minimum: 0 } : chineseQueryPlan(analysed.map((t) => t.term));
  // A required word the corpus does not have still counts towards the minimum: it is a word of the query.
  const terms = analysed.filter((t): t is QueryTerm => t.documents !== null && !plan.drop.has(t.term)).slice(0, MAX_QUERY_TERMS);
  const present = terms.filter((t) => plan.required.has(t.term)).length;
  if (terms.length === 0 || present < plan.minimum) return { hits: [], total: 0 };
  // Counting a paper's required words needs all of their postings, not the budget's strongest share.
  const scores = await score(db, terms, options.exhaustive ? Infinity : POSTINGS_BUDGET, plan.required);
  if (plan.minimum > 0) scores.keepAtLeast(plan.minimum);
  let ranked: { keys: number[]; total: number };
  let page: { key: number; score: number }[];
  try {
    const filtered = Boolean(options.yearFrom !== undefined || options.yearTo !== undefined || options.hasAbstract || options.fields?.length);
    if (options.fields?.length) ranked = await filterAndOrder(db, scores, filterConditions(options), options.sort ?? 'relevance');
    else if (filtered || options.sort === 'newest') {
      const attributes = await paperAttributes(db, terms[0]!.version, Number(terms[0]!.max_key));
      ranked = filterAndOrderInMemory(scores, attributes, options, offset + limit);
    } else ranked = { keys: scores.top(offset + limit), total: scores.size };
    page = ranked.keys.slice(offset, offset + limit).map((key) => ({ key, score: scores.of(key) }));
  } finally {
    scores.release();
  }
  const ids = await idsOf(db, page.map((hit) => hit.key));
  return { hits: page.map((hit) => ({ id: ids.get(hit.key)!, score: hit.score })), total: ranked.total };
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
  // Rarest first, each term takes at most an equal share of what the rarer ones left; counted terms are read whole.
  let remaining = budget;
  let sharing = terms.filter((t) => !counted.has(t.term)).length;
  const blocks = terms.map((t) => {
    let take = t.documents;
    if (!counted.has(t.term)) {
      take = Math.min(t.documents, Math.floor(remaining / sharing--));
      remaining -= take;
    }
    return Math.min(Math.ceil(take / BLOCK_POSTINGS), 2 ** 31 - 1);
  });
  const rows = await queryRows<{ term: string; postings: Uint8Array }>(db, sql`
    select b.term, b.postings
    from scholar.term_blocks b
    join unnest(${pgTextArray(terms.map((t) => t.term))}::text[], ${`{${blocks.join(',')}}`}::int[]) as wanted (term, blocks)
      on b.term = wanted.term and b.block < wanted.blocks`);
  const idf = new Map(terms.map((t) => [t.term, Math.log(1 + (t.corpus - t.documents + 0.5) / (t.documents + 0.5))]));
  const scores = new Scores(Number(terms[0]!.max_key));
  for (const row of rows) scores.addBlock(row.postings, idf.get(row.term)!, counted.has(row.term));
  return scores;
}

function filterConditions(options: LocalSearchOptions): SQL[] {
  const filters: SQL[] = [];
  if (options.yearFrom !== undefined) filters.push(sql`p.year >= ${options.yearFrom}::int`);
  if (options.yearTo !== undefined) filters.push(sql`p.year <= ${options.yearTo}::int`);
  if (options.fields?.length) filters.push(sql`p.fields && ${pgTextArray(options.fields)}::text[]`);
  if (options.hasAbstract) filters.push(sql`p.has_abstract`);
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

/** The best-scoring matches that pass the filters, by score or by date (in SQL: needed for the field filter). */
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

async function idsOf(db: Db, keys: number[]): Promise<Map<number, string>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ key: number; id: string }>(db, sql`
    select key, id from scholar.papers where key = any(${`{${keys.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [Number(r.key), r.id]));
}
