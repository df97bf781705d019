// A search's filters (year range, fields, abstract, language) and date order, applied to its best-scoring matches:
// from the per-process attribute arrays where they suffice, in SQL otherwise.
import { queryRows } from '@citewise/db';
import { sql, type SQL } from '@citewise/db/orm';
import type { PaperAttributes } from './attributes';
import { pgTextArray } from './pg-array';
import type { Db } from './query-terms';
import type { Scores } from './scores';
import type { LocalSearchOptions } from './search-options';

/** Filters and date order apply to this many of the best-scoring matches. */
const FILTER_WINDOW = 10_000;

export function filterConditions(options: LocalSearchOptions): SQL[] {
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
export function filterAndOrderInMemory(scores: Scores, attributes: PaperAttributes, options: LocalSearchOptions, depth: number) {
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
export async function filterAndOrder(db: Db, scores: Scores, filters: SQL[], sort: 'relevance' | 'newest') {
  const window = scores.top(FILTER_WINDOW);
  if (window.length === 0) return { keys: [], total: 0 };
  const where = filters.length ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const order = sort === 'newest' ? sql`p.year desc nulls last, p.month desc nulls last, p.day desc nulls last,` : sql``;
  const rows = await queryRows<{ key: number }>(
    db,
    sql`
    select p.key from scholar.papers p
    join unnest(${`{${window.join(',')}}`}::int[]) with ordinality as w (key, rank) on w.key = p.key
    where true ${where}
    order by ${order} w.rank`,
  );
  return { keys: rows.map((r) => Number(r.key)), total: rows.length };
}
