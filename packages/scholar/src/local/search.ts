// BM25 over PostgreSQL full-text search. Candidates come from the GIN index (any query term); each is scored
// with Okapi BM25 from its tsvector, title occurrences counting more than abstract ones (a BM25F-style
// field weight). Term statistics come from scholar.term_stats, refreshed after imports.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import { segmentForIndex } from '../text/segment';

export interface LocalSearchOptions {
  query: string;
  limit?: number;
  offset?: number;
  yearFrom?: number;
  yearTo?: number;
  fields?: string[];
  hasAbstract?: boolean;
  sort?: 'relevance' | 'newest';
}

export interface LocalHit {
  id: string;
  score: number;
}

/** BM25 parameters and the title weight, tuned on the SciFact train split (bench/retrieval). */
export const RANKING = { k1: 1.2, b: 0.75, titleWeight: 2 };

export async function searchLocal(db: Pick<Database, 'execute'>, options: LocalSearchOptions): Promise<{ hits: LocalHit[]; total: number }> {
  const limit = Math.min(options.limit ?? 20, 1000);
  const offset = options.offset ?? 0;
  const text = segmentForIndex(options.query);
  const filters: SQL[] = [];
  if (options.yearFrom !== undefined) filters.push(sql`p.year >= ${options.yearFrom}::int`);
  if (options.yearTo !== undefined) filters.push(sql`p.year <= ${options.yearTo}::int`);
  if (options.fields?.length) filters.push(sql`p.fields && ${`{${options.fields.map((f) => `"${f.replace(/"/g, '')}"`).join(',')}}`}::text[]`);
  if (options.hasAbstract) filters.push(sql`coalesce(p.abstract, '') <> ''`);
  const where = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const order = options.sort === 'newest' ? sql`p.year desc nulls last, p.month desc nulls last, p.day desc nulls last, s.score desc` : sql`s.score desc, p.id`;
  const { k1, b, titleWeight } = RANKING;

  const rows = await queryRows<{ id: string; score: number; total: string }>(db, sql`
    with q as (
      select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as lexeme
    ),
    terms as (
      select q.lexeme, ln(1 + (c.documents - t.documents + 0.5) / (t.documents + 0.5)) as idf
      from q join scholar.term_stats t on t.term = q.lexeme cross join scholar.corpus_stats c
    ),
    query as (
      select (select string_agg(quote_literal(lexeme), ' | ') from terms)::tsquery as tsq
    ),
    scored as (
      select p.id, sum(
        t.idf * (u.tf * (${k1}::float8 + 1)) / (u.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * p.doc_length / greatest(c.average_length, 1)))
      ) as score
      from query, scholar.papers p
      cross join scholar.corpus_stats c
      cross join lateral (
        select x.lexeme, coalesce(array_length(x.positions, 1), 1)
          + (${titleWeight}::float8 - 1) * coalesce((select count(*) from unnest(x.weights) w where w = 'A'), 0) as tf
        from unnest(p.tsv) x
      ) u
      join terms t on t.lexeme = u.lexeme
      where query.tsq is not null and p.tsv @@ query.tsq ${where}
      group by p.id
    )
    select s.id, s.score, count(*) over () as total
    from scored s join scholar.papers p on p.id = s.id
    order by ${order}
    limit ${limit}::int offset ${offset}::int`);
  return { hits: rows.map((r) => ({ id: r.id, score: Number(r.score) })), total: rows[0] ? Number(rows[0].total) : 0 };
}
