// Writes papers into the local corpus and keeps its search index current. Each paper row carries its tsvector
// (title weight A; abstract and keywords weight B; Chinese pre-segmented) and its token count, computed by
// PostgreSQL in the same statement. The index searches read, each term's packed blocks and document frequency, is
// derived from those tsvectors by refreshStatistics: for every term after a first import, otherwise for the terms
// an import touched (marked dirty by upsertPapers for re-imported papers, by the refresh for new ones). No table of
// postings is kept between the two: writing one row per (term, paper) was most of an import's time (bench/README.md).
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import type { Paper } from '../paper';
import { segmentForIndex } from '../text/segment';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, RANKING } from './ranking';

const TSV = (title: SQL, body: SQL) => sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

/**
 * Inserts or replaces papers by id (imports are idempotent), in one statement per batch. A paper the index already
 * holds (its key at most corpus_stats.max_key, the highest key of the last refreshStatistics) marks the terms of its
 * old and new tsvector dirty if they differ; a new paper's terms are marked by the next refreshStatistics, with every other new
 * paper's, so an interrupted import leaves nothing half-indexed (its papers are picked up by the next refresh).
 */
export async function upsertPapers(db: Pick<Database, 'execute'>, batch: Paper[]) {
  if (batch.length === 0) return;
  const rows = batch.map((p) => {
    const title = segmentForIndex(p.title);
    const body = segmentForIndex([p.abstract ?? '', p.keywords.join(' ')].join(' '));
    const details = p.details && Object.keys(p.details).length ? JSON.stringify(p.details) : null;
    // Every value is cast: in a VALUES list PostgreSQL would otherwise type untyped parameters as text.
    return sql`(${p.id}::text, ${p.title}::text, ${p.abstract}::text, ${JSON.stringify(p.authors)}::jsonb, ${p.issued?.year ?? null}::int,
      ${p.issued?.month ?? null}::int, ${p.issued?.day ?? null}::int, ${p.container}::text, ${p.doi?.toLowerCase() ?? null}::text,
      ${p.arxivId}::text, ${p.pmid}::text, ${p.url}::text, ${p.language}::text, ${p.type}::text,
      ${pgTextArray(p.fields)}::text[], ${pgTextArray(p.keywords)}::text[], ${p.source}::text, ${details}::jsonb,
      ${TSV(sql`${title}::text`, sql`${body}::text`)})`;
  });
  // All parts of the statement see the tables as they were before it: `previous` holds the old tsvectors of the
  // indexed papers. A paper whose tsvector did not change keeps its postings (they depend on nothing else of it), so
  // running an import again marks nothing. Dirty terms go in sorted so that two batches written at once lock them in
  // the same order.
  await db.execute(sql`
    with incoming (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, details, tsv) as (
      values ${sql.join(rows, sql`, `)}
    ),
    indexed as (
      select max_key from scholar.corpus_stats where id = 1
    ),
    previous as (
      select p.key, p.tsv from scholar.papers p where p.id in (select id from incoming) and p.key <= (select max_key from indexed)
    ),
    upserted as (
      insert into scholar.papers (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, details, tsv, doc_length)
      select i.*, coalesce((select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(i.tsv) u), 0) from incoming i
      on conflict (id) do update set
        title = excluded.title, abstract = excluded.abstract, authors = excluded.authors, year = excluded.year,
        month = excluded.month, day = excluded.day, container = excluded.container, doi = excluded.doi,
        arxiv_id = excluded.arxiv_id, pmid = excluded.pmid, url = excluded.url, language = excluded.language,
        type = excluded.type, fields = excluded.fields, keywords = excluded.keywords, source = excluded.source,
        details = excluded.details, tsv = excluded.tsv, doc_length = excluded.doc_length, updated_at = now()
      returning key, tsv
    ),
    changed as (
      select p.tsv as old, u.tsv as new from previous p join upserted u on u.key = p.key where p.tsv <> u.tsv
    )
    insert into scholar.dirty_terms (term)
    select distinct term from (
      select unnest(tsvector_to_array(old)) as term from changed
      union all
      select unnest(tsvector_to_array(new)) from changed
    ) t order by term
    on conflict do nothing`);
}

const { k1, b, titleWeight } = RANKING;

/**
 * The postings of the papers `papers` selects (key, tsv, doc_length), derived from their tsvectors: (term, paper,
 * weight) rows, the weight BM25's saturated term frequency normalised with corpus_stats.weight_length and rounded to
 * the float4 a block stores. `terms` filters the lexemes before any weight is computed. The blocks are written from
 * these rows and search's completeScores reads single papers' postings from them, so the two agree bit for bit.
 *
 * A title occurrence counts titleWeight times (BM25F's field weight folded into tf). The length normalisation is
 * computed once per paper (the same float8 operations, in the same order, as per posting: the same value), and the
 * `offset 0`s keep PostgreSQL from inlining it back into every posting or carrying the tsvector's arrays into a sort.
 */
export const postingsOf = (papers: SQL, terms?: (lexeme: SQL) => SQL) => {
  // The constants as literals (the shortest text that reads back as the same double).
  const extra = titleWeight - 1;
  const titleCount = sql`cardinality(array_positions(x.weights, 'A'))`;
  // Integer field weights in integer arithmetic: exact, and one operation fewer per posting.
  const tf = Number.isInteger(extra)
    ? sql`(coalesce(array_length(x.positions, 1), 1) + ${sql.raw(String(extra))} * ${titleCount})::float8`
    : sql`(coalesce(array_length(x.positions, 1), 1) + ${sql.raw(String(extra))}::float8 * ${titleCount})`;
  return sql`
    select x.lexeme as term, s.key as paper, (t.tf * ${sql.raw(String(k1 + 1))}::float8 / (t.tf + s.norm))::float4 as weight
    from (
      select p.key, p.tsv, ${sql.raw(String(k1))}::float8 * (1 - ${sql.raw(String(b))}::float8 + ${sql.raw(String(b))}::float8 * p.doc_length / greatest((select weight_length from scholar.corpus_stats where id = 1), 1)) as norm
      from (${papers}) p offset 0
    ) s
    cross join lateral unnest(s.tsv) x
    cross join lateral (select ${tf} as tf) t
    ${terms ? sql`where ${terms(sql`x.lexeme`)}` : sql``}
    offset 0`;
};

/**
 * How far (relative) the corpus's average length may drift from the one the stored weights use before every term's
 * blocks are rebuilt. A pivot a little off changes BM25 about as much as a slightly different `b`; rebuilding
 * rewrites the whole index, so it is done only when the corpus has really changed character.
 */
const WEIGHT_DRIFT = 0.2;

/** What a refresh rebuilt: every term's blocks, or those of the terms an import touched. */
export interface RefreshReport {
  everything: boolean;
  terms: number;
}

/**
 * Brings the search index up to date after an import: corpus statistics, then the packed blocks and document
 * frequency of every term the import touched, or of all terms after a first import or when the average length
 * drifted, then planner statistics.
 */
export async function refreshStatistics(db: Pick<Database, 'transaction' | 'execute'>): Promise<RefreshReport> {
  const report = await db.transaction(async (tx) => {
    const [state] = await queryRows<{ max_key: number; documents: number }>(tx, sql`select max_key, documents from scholar.corpus_stats where id = 1`);
    // A first import (no papers at the last refresh) normalises every weight with its own papers' average length.
    const first = !state || Number(state.documents) === 0;
    if (first) {
      await tx.execute(sql`
        insert into scholar.corpus_stats (id, documents, average_length, weight_length)
        select 1, 0, 0, coalesce(avg(doc_length), 1) from scholar.papers
        on conflict (id) do update set weight_length = excluded.weight_length`);
    } else {
      // The terms of papers added since the last refresh.
      await tx.execute(sql`
        insert into scholar.dirty_terms (term)
        select distinct unnest(tsvector_to_array(p.tsv)) from scholar.papers p where p.key > ${Number(state.max_key)}::int
        on conflict do nothing`);
    }
    await tx.execute(sql`
      insert into scholar.corpus_stats (id, documents, average_length, weight_length, max_key, refreshed_at)
      select 1, count(*), coalesce(avg(doc_length), 0), coalesce(avg(doc_length), 1), coalesce(max(key), 0), now() from scholar.papers
      on conflict (id) do update set documents = excluded.documents, average_length = excluded.average_length,
        max_key = excluded.max_key, refreshed_at = now()`);
    const [stats] = await queryRows<{ drift: number }>(
      tx,
      sql`
      select abs(average_length - weight_length) / greatest(weight_length, 1) as drift from scholar.corpus_stats where id = 1`,
    );
    const drifted = Boolean(stats && Number(stats.drift) > WEIGHT_DRIFT);
    if (drifted) await tx.execute(sql`update scholar.corpus_stats set weight_length = average_length`);
    const everything = first || drifted;
    // An import that changed no paper's words (the same file again) leaves nothing to rebuild.
    const [pending] = everything ? [{ any: true }] : await queryRows<{ any: boolean }>(tx, sql`select exists (select 1 from scholar.dirty_terms) as any`);
    if (!pending?.any) return { everything, terms: 0 };
    const dirty = (term: SQL) => (everything ? sql`true` : sql`${term} in (select term from scholar.dirty_terms)`);
    await tx.execute(sql`delete from scholar.term_blocks where ${dirty(sql`term`)}`);
    await tx.execute(sql`delete from scholar.term_stats where ${dirty(sql`term`)}`);
    // A term's postings in one ordered aggregate (weight descending, then paper), cut into blocks of BLOCK_POSTINGS:
    // one sort of the postings, where numbering them in a window and grouping by block sorted them twice. int4send
    // and float4send give each value's 4 bytes in network order. Terms are grouped, not ordered, so they are sorted
    // bytewise (collate "C"), a third faster than with the collation of a server with a UTF-8 locale.
    const bytes = BLOCK_POSTINGS * 8;
    const [written] = await queryRows<{ terms: string }>(
      tx,
      sql`
      with lists as (
        select term collate "C" as term, string_agg(int4send(paper) || float4send(weight), ''::bytea order by weight desc, paper) as postings
        from (${postingsOf(sql`select key, tsv, doc_length from scholar.papers`, everything ? undefined : dirty)}) p
        group by term collate "C"
      ),
      blocks as (
        insert into scholar.term_blocks (term, block, postings)
        select l.term, k, substring(l.postings from 1 + k * ${bytes}::int for ${bytes}::int)
        from lists l cross join lateral generate_series(0, (octet_length(l.postings) - 1) / ${bytes}::int) k
      ),
      counted as (
        insert into scholar.term_stats (term, documents)
        select term, octet_length(postings) / 8 from lists
        returning 1
      )
      select count(*) as terms from counted`,
    );
    await tx.execute(sql`delete from scholar.dirty_terms`);
    return { everything, terms: Number(written?.terms ?? 0) };
  });
  // Planner statistics and the visibility map: without them PostgreSQL plans the first searches after a bulk import
  // for empty tables.
  const changed = report.everything || report.terms > 0 ? ['papers', 'term_blocks', 'term_stats'] : ['papers'];
  for (const table of changed) await db.execute(sql.raw(`vacuum analyze scholar.${table}`));
  return report;
}
