// Writes papers into the local corpus and keeps its search index current. Each paper row carries its tsvector
// (title weight A; abstract and keywords weight B; Chinese pre-segmented) and its token count, computed by
// PostgreSQL in the same statement; its postings follow, and the terms they touch are marked for the next
// refreshStatistics, which rebuilds those terms' statistics and packed blocks.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import type { Paper } from '../paper';
import { segmentForIndex } from '../text/segment';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, RANKING } from './ranking';

const TSV = (title: SQL, body: SQL) =>
  sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

/** Inserts or replaces papers by id (imports are idempotent). */
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
  await db.execute(sql`
    with incoming (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, details, tsv) as (
      values ${sql.join(rows, sql`, `)}
    )
    insert into scholar.papers (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, details, tsv, doc_length)
    select i.*, coalesce((select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(i.tsv) u), 0) from incoming i
    on conflict (id) do update set
      title = excluded.title, abstract = excluded.abstract, authors = excluded.authors, year = excluded.year,
      month = excluded.month, day = excluded.day, container = excluded.container, doi = excluded.doi,
      arxiv_id = excluded.arxiv_id, pmid = excluded.pmid, url = excluded.url, language = excluded.language,
      type = excluded.type, fields = excluded.fields, keywords = excluded.keywords, source = excluded.source,
      details = excluded.details, tsv = excluded.tsv, doc_length = excluded.doc_length, updated_at = now()`);
  await indexPapers(db, sql.join(batch.map((p) => sql`${p.id}::text`), sql`, `));
}

const { k1, b, titleWeight } = RANKING;

/** BM25's saturated term frequency for a term frequency and document length, with `average` as the mean length. */
const saturated = (tf: SQL, length: SQL, average: SQL) =>
  sql`${tf} * ${k1 + 1}::float8 / (${tf} + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * ${length} / greatest(${average}, 1)))`;

/** Rewrites the postings of the given papers from their tsvectors; old and new terms become dirty. */
async function indexPapers(db: Pick<Database, 'execute'>, ids: SQL) {
  await db.execute(sql`
    with removed as (
      delete from scholar.postings where paper in (select key from scholar.papers where id in (${ids})) returning term
    )
    insert into scholar.dirty_terms (term) select distinct term from removed on conflict do nothing`);
  // The first batch into an empty corpus fixes the length the weights are normalised with; refreshStatistics
  // recomputes every weight if the corpus's real average drifts far from it.
  await db.execute(sql`
    insert into scholar.corpus_stats (id, documents, average_length, weight_length)
    select 1, 0, 0, coalesce(avg(doc_length), 1) from scholar.papers where id in (${ids})
    on conflict (id) do nothing`);
  await db.execute(sql`
    with terms as (
      select x.lexeme as term, p.key as paper, p.doc_length,
        (coalesce(array_length(x.positions, 1), 1) + ${titleWeight - 1}::float8 * cardinality(array_positions(x.weights, 'A')))::float8 as tf
      from scholar.papers p cross join lateral unnest(p.tsv) x
      where p.id in (${ids})
    ),
    added as (
      insert into scholar.postings (term, paper, frequency, weight)
      select t.term, t.paper, t.tf, ${saturated(sql`t.tf`, sql`t.doc_length`, sql`c.weight_length`)}
      from terms t cross join scholar.corpus_stats c
      returning term
    )
    insert into scholar.dirty_terms (term) select distinct term from added on conflict do nothing`);
}

/**
 * How far (relative) the corpus's average length may drift from the one the stored weights use before all of them
 * are recomputed. A pivot a little off changes BM25 about as much as a slightly different `b`; recomputing rewrites
 * every posting (minutes on millions of them), so it is done only when the corpus has really changed character.
 */
const WEIGHT_DRIFT = 0.2;

/**
 * Brings the search index up to date after an import: corpus statistics, the document frequency and packed blocks
 * of every term the import touched (of all terms if the weights had to be recomputed), and planner statistics.
 */
export async function refreshStatistics(db: Pick<Database, 'transaction' | 'execute'>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into scholar.corpus_stats (id, documents, average_length, weight_length, max_key, refreshed_at)
      select 1, count(*), coalesce(avg(doc_length), 0), coalesce(avg(doc_length), 1), coalesce(max(key), 0), now() from scholar.papers
      on conflict (id) do update set documents = excluded.documents, average_length = excluded.average_length,
        max_key = excluded.max_key, refreshed_at = now()`);
    const [stats] = await queryRows<{ drift: number }>(tx, sql`
      select abs(average_length - weight_length) / greatest(weight_length, 1) as drift from scholar.corpus_stats where id = 1`);
    if (stats && Number(stats.drift) > WEIGHT_DRIFT) {
      await tx.execute(sql`
        update scholar.postings x set weight = ${saturated(sql`x.frequency`, sql`p.doc_length`, sql`c.average_length`)}
        from scholar.papers p, scholar.corpus_stats c where p.key = x.paper`);
      await tx.execute(sql`update scholar.corpus_stats set weight_length = average_length`);
      await tx.execute(sql`insert into scholar.dirty_terms (term) select term from scholar.term_stats on conflict do nothing`);
    }
    await tx.execute(sql`delete from scholar.term_stats where term in (select term from scholar.dirty_terms)`);
    await tx.execute(sql`
      insert into scholar.term_stats (term, documents)
      select p.term, count(*) from scholar.postings p where p.term in (select term from scholar.dirty_terms) group by p.term`);
    await tx.execute(sql`delete from scholar.term_blocks where term in (select term from scholar.dirty_terms)`);
    // int4send / float4send give each value's 4 bytes in network order; a block is their concatenation.
    await tx.execute(sql`
      insert into scholar.term_blocks (term, block, postings)
      select term, block, string_agg(int4send(paper) || float4send(weight), ''::bytea order by rank)
      from (
        select p.term, p.paper, p.weight, row_number() over w as rank, (row_number() over w - 1) / ${BLOCK_POSTINGS}::int as block
        from scholar.postings p where p.term in (select term from scholar.dirty_terms)
        window w as (partition by p.term order by p.weight desc, p.paper)
      ) ranked
      group by term, block`);
    await tx.execute(sql`delete from scholar.dirty_terms`);
  });
  // Planner statistics and the visibility map: without them PostgreSQL plans the first searches after a bulk import
  // for empty tables.
  for (const table of ['papers', 'postings', 'term_blocks', 'term_stats']) await db.execute(sql.raw(`vacuum analyze scholar.${table}`));
}
