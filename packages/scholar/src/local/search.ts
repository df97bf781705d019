// Okapi BM25 over the local corpus. The query is analysed exactly as documents are (PostgreSQL's English
// configuration, Chinese pre-segmented); the packed postings of its terms (scholar.term_blocks) are read in one
// statement, rarest terms whole and the commonest strongest-first within POSTINGS_BUDGET, and scored here: a paper's
// score is the sum over the query terms it contains of idf × its stored BM25 weight. PostgreSQL is good at handing
// over a few kilobytes per term and poor at aggregating hundreds of thousands of rows; this splits the work that way.
// Chinese words are stricter (see chinese-query.ts): single characters are left out, and a paper must contain most of
// a Chinese query's words, so a query of unrelated words finds nothing rather than every paper sharing one of them.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import { isHanTerm, segmentForIndex } from '../text/segment';
import { chineseQueryPlan, MINIMUM_SHARE } from './chinese-query';
import type { QueryTranslation } from '../translate/translate-query';
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
  /** Only papers in this language (`zh`: language zh…; `en`: any other or unknown). */
  language?: 'en' | 'zh';
  /** Read every posting of each term (exact BM25): for evaluating the budget (bench/search), not for serving. */
  exhaustive?: boolean;
  /** `false`: any query word matches, single Chinese characters included (the analysis before; for bench/chinese). */
  chineseRules?: boolean;
  /**
   * Search the query's terms together with their translations (translate/translate-query.ts): each term is one
   * synonym group, the source word or any of its translations, scored as one query term.
   */
  translation?: QueryTranslation | null;
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
  let terms: QueryTerm[];
  let scores: Scores;
  if (options.translation?.text || options.translation?.terms.some((t) => t.translations.length)) {
    const structured = await structuredScores(db, options.translation, options.exhaustive ? Infinity : POSTINGS_BUDGET);
    if (!structured) return { hits: [], total: 0 };
    ({ terms, scores } = structured);
  } else {
    const analysed = await queryTerms(db, segmentForIndex(options.query));
    const plan = options.chineseRules === false ? { drop: new Set<string>(), required: new Set<string>(), minimum: 0 } : chineseQueryPlan(analysed.map((t) => t.term));
    // A required word the corpus does not have still counts towards the minimum: it is a word of the query.
    terms = analysed.filter((t): t is QueryTerm => t.documents !== null && !plan.drop.has(t.term)).slice(0, MAX_QUERY_TERMS);
    const present = terms.filter((t) => plan.required.has(t.term)).length;
    if (terms.length === 0 || present < plan.minimum) return { hits: [], total: 0 };
    // Counting a paper's required words needs all of their postings, not the budget's strongest share.
    scores = await score(db, terms, options.exhaustive ? Infinity : POSTINGS_BUDGET, plan.required);
    if (plan.minimum > 0) scores.keepAtLeast(plan.minimum);
  }
  let ranked: { keys: number[]; total: number };
  let page: { key: number; score: number }[];
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

const idfOf = (t: QueryTerm) => Math.log(1 + (t.corpus - t.documents + 0.5) / (t.documents + 0.5));

async function score(db: Db, terms: QueryTerm[], budget: number, counted: Set<string>): Promise<Scores> {
  const rows = await readPostings(db, terms, budget, counted);
  const idf = new Map(terms.map((t) => [t.term, idfOf(t)]));
  const scores = new Scores(Number(terms[0]!.max_key));
  for (const row of rows) scores.addBlock(row.postings, idf.get(row.term)!, counted.has(row.term));
  return scores;
}

/**
 * A translated Chinese query of up to this many words keeps the minimum-should-match over its groups (a few words
 * name one subject: "量子纠缠 猫咪 烘焙学" must not find every quantum paper); a longer one is a sentence, ranked by
 * BM25 over all its groups as an English sentence is (bench/crosslingual: a minimum on claims halves their nDCG@10).
 */
export const TRANSLATED_MINIMUM_MAX_WORDS = 4;

/** What a match through a translation is worth next to one of the word as written. */
export const TRANSLATION_WEIGHT = 0.8;

interface SynonymGroup {
  /** Each alternative is a word or phrase of the group as analysed terms; a paper scores the best alternative. */
  alternatives: string[][];
  /** Counted for the minimum-should-match of a Chinese query. */
  required: boolean;
  /** A word of a model's translation: all its alternatives count as a translation. */
  translated: boolean;
}

/**
 * Scores for a translated query: each term of the translation is one synonym group whose alternatives are the
 * source word and its translations. A paper's score for a group is that of its best-matching alternative (an
 * alternative of several words, such as "endoplasmic reticulum", scores as the sum of its words, as it would in a
 * query of that language), so a word with ten translations weighs no more than a word with one, and papers of both
 * languages are scored on the same scale in one list. Chinese queries keep their minimum-should-match, over groups.
 */
async function structuredScores(db: Db, translation: QueryTranslation, budget: number): Promise<{ terms: QueryTerm[]; scores: Scores } | null> {
  const texts: string[] = [];
  const owners: Array<[group: number, alternative: number]> = [];
  const seen = new Set<string>();
  const sources: { alternatives: number; chineseWord: boolean; translated: boolean }[] = [];
  for (const term of translation.terms) {
    const key = term.source.toLowerCase();
    if (seen.has(key)) continue;
    if (sources.length === MAX_QUERY_TERMS) break;
    seen.add(key);
    const group = sources.length;
    const words = [term.source, ...term.translations];
    words.forEach((word, alternative) => {
      texts.push(segmentForIndex(word));
      owners.push([group, alternative]);
    });
    // Single characters (猫 咪 学 of 猫咪烘焙学) do not count towards a query's length or its minimum: alone they name
    // nothing, and counted they would make a short query of a few real words look like a sentence.
    sources.push({ alternatives: words.length, chineseWord: isHanTerm(term.source) && [...term.source].length > 1, translated: false });
  }
  // A model's whole translation: each of its words is one group of its own, weighed as a translation. Single
  // Chinese characters are left out, as in a Chinese query.
  for (const word of translation.text ? segmentForIndex(translation.text).split(/\s+/) : []) {
    const key = word.toLowerCase();
    if (!/[\p{L}\p{N}]/u.test(word) || seen.has(key) || (isHanTerm(word) && [...word].length < 2)) continue;
    if (sources.length === MAX_QUERY_TERMS) break;
    seen.add(key);
    texts.push(word);
    owners.push([sources.length, 0]);
    sources.push({ alternatives: 1, chineseWord: false, translated: true });
  }
  if (texts.length === 0) return null;
  const rows = await queryRows<(QueryTerm | (Omit<QueryTerm, 'documents'> & { documents: null })) & { ord: number }>(db, sql`
    select x.ord::int as ord, l.lexeme as term, t.documents, c.documents as corpus, c.max_key, c.refreshed_at::text as version
    from unnest(${pgTextArray(texts)}::text[]) with ordinality as x (text, ord)
    cross join lateral unnest(tsvector_to_array(to_tsvector('english', x.text))) as l (lexeme)
    left join scholar.term_stats t on t.term = l.lexeme
    cross join scholar.corpus_stats c`);
  const groups: SynonymGroup[] = sources.map((s) => ({ alternatives: Array.from({ length: s.alternatives }, () => []), required: s.chineseWord, translated: s.translated }));
  const indexed = new Map<string, QueryTerm>();
  for (const row of rows) {
    const [group, alternative] = owners[Number(row.ord) - 1]!;
    groups[group]!.alternatives[alternative]!.push(row.term);
    if (row.documents !== null) indexed.set(row.term, row as QueryTerm);
  }
  const required = groups.filter((g) => g.required).length;
  // Without the dictionary's translations in the groups (a model's translation alone), a paper in the other language
  // matches no Chinese group: the minimum would keep none of them.
  const grouped = translation.terms.some((t) => t.translations.length);
  const minimum = translation.from === 'zh' && grouped && required <= TRANSLATED_MINIMUM_MAX_WORDS ? (required <= 2 ? required : Math.ceil(required * MINIMUM_SHARE)) : 0;
  const live = groups.filter((g) => g.alternatives.some((a) => a.some((term) => indexed.has(term))));
  if (live.length === 0 || live.filter((g) => g.required).length < minimum) return null;
  const terms = [...indexed.values()].sort((a, b) => a.documents - b.documents);
  const counted = new Set(minimum > 0 ? live.filter((g) => g.required).flatMap((g) => g.alternatives.flat()) : []);
  const postings = new Map<string, Uint8Array[]>();
  for (const row of await readPostings(db, terms, budget, counted)) {
    const list = postings.get(row.term);
    if (list) list.push(row.postings);
    else postings.set(row.term, [row.postings]);
  }
  // Score arrays per alternative and per group, from the same pool as the query's own (see scores.ts).
  const maxKey = Number(terms[0]!.max_key);
  const scores = new Scores(maxKey);
  for (const group of live) {
    const best = new Scores(maxKey);
    // One weight for the whole group, that of its most common word: a word and its translations are one term, so
    // a rarer spelling in the other language (fewer papers are in it) does not outweigh the query's own words.
    const weights = group.alternatives.flat().map((term) => indexed.get(term)).filter((stats) => stats !== undefined).map(idfOf);
    const weight = Math.min(...weights);
    group.alternatives.forEach((alternative, index) => {
      const sum = new Scores(maxKey);
      // The query's own word (alternative 0) wins a tie with a translation: a paper in the language searched in
      // comes first when both match as well.
      const own = index === 0 && !group.translated ? weight : weight * TRANSLATION_WEIGHT;
      for (const term of alternative) {
        const stats = indexed.get(term);
        if (stats) for (const block of postings.get(term) ?? []) sum.addBlock(block, own);
      }
      best.maxWith(sum);
      sum.release();
    });
    scores.addAll(best, group.required && minimum > 0);
    best.release();
  }
  if (minimum > 0) scores.keepAtLeast(minimum);
  return { terms, scores };
}

/** The packed postings of the terms within the budget. */
async function readPostings(db: Db, terms: QueryTerm[], budget: number, counted: Set<string>) {
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
  return queryRows<{ term: string; postings: Uint8Array }>(db, sql`
    select b.term, b.postings
    from scholar.term_blocks b
    join unnest(${pgTextArray(terms.map((t) => t.term))}::text[], ${`{${blocks.join(',')}}`}::int[]) as wanted (term, blocks)
      on b.term = wanted.term and b.block < wanted.blocks`);
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

async function idsOf(db: Db, keys: number[]): Promise<Map<number, string>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ key: number; id: string }>(db, sql`
    select key, id from scholar.papers where key = any(${`{${keys.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [Number(r.key), r.id]));
}
