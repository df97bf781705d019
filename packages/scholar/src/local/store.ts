// Writes papers into the local corpus and keeps its search index current. Each paper row carries its tsvector
// (title weight A; abstract and keywords weight B; Chinese pre-segmented) and its token count, computed by
// PostgreSQL in the same statement. Postings (the inverted index) are written by refreshStatistics for new papers,
// all at once, and by upsertPapers for papers the index already holds; the terms they touch are marked for
// refreshStatistics, which rebuilds those terms' statistics and packed blocks.
import { sql, type SQL } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import type { Paper } from '../paper';
import { segmentForIndex } from '../text/segment';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, RANKING } from './ranking';

const TSV = (title: SQL, body: SQL) =>
  sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

/**
 * Inserts or replaces papers by id (imports are idempotent), in one statement per batch. A paper that was already
 * indexed (its key at most corpus_stats.max_key, the highest key of the last refreshStatistics) has its postings
 * rewritten here, old and new terms marked dirty. A new paper gets its postings at the next refreshStatistics,
 * together with every other new paper, in set-based statements: cheaper than a hundred small inserts per paper in
 * every batch, and an interrupted import leaves nothing half-indexed (its papers are picked up by the next refresh).
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
  // All parts of the statement see the tables as they were before it: `previous` finds the papers that existed,
  // `removed` deletes only their old postings, never the ones `added` writes. Dirty terms go in sorted so that two
  // batches written at once lock them in the same order.
  await db.execute(sql`
    with incoming (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, details, tsv) as (
      values ${sql.join(rows, sql`, `)}
    ),
    previous as (
      select p.key from scholar.papers p where p.id in (select id from incoming)
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
      returning key, tsv, doc_length
    ),
    removed as (
      delete from scholar.postings where paper in (select key from previous) returning term
    ),
    added as (
      insert into scholar.postings (term, paper, frequency, weight)
      select t.term, t.paper, t.tf, ${saturated(sql`t.tf`, sql`t.doc_length`, sql`t.weight_length`)}
      from (${postingsOf(sql`upserted`)}) t
      where t.paper <= t.max_key
      returning term
    )
    insert into scholar.dirty_terms (term)
    select distinct term from (select term from removed union all select term from added) t order by term
    on conflict do nothing`);
}

const { k1, b, titleWeight } = RANKING;

/** BM25's saturated term frequency for a term frequency and document length, with `average` as the mean length. */
const saturated = (tf: SQL, length: SQL, average: SQL) =>
  sql`${tf} * ${k1 + 1}::float8 / (${tf} + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * ${length} / greatest(${average}, 1)))`;

/**
 * The (term, paper, tf) rows of the papers in `source` (key, tsv, doc_length), title occurrences weighted, with the
 * corpus's weight_length and max_key beside them (no rows without corpus statistics).
 */
const postingsOf = (source: SQL) => sql`
  select x.lexeme as term, s.key as paper, s.doc_length, c.weight_length, c.max_key,
    (coalesce(array_length(x.positions, 1), 1) + ${titleWeight - 1}::float8 * cardinality(array_positions(x.weights, 'A')))::float8 as tf
  from ${source} s cross join lateral unnest(s.tsv) x cross join scholar.corpus_stats c`;

/**
 * Writes the postings of the papers added since the last refresh (keys above corpus_stats.max_key), set-based,
 * and marks their terms dirty. Answers whether it rebuilt the whole index instead: on a corpus that had no papers at
 * the last refresh (a first import), all postings are written from the papers, the index by paper is built after
 * them (one sort instead of a B-tree insertion per posting), and the papers fix the average length the weights are
 * normalised with; every term's statistics and blocks are then to be built, without listing them as dirty.
 */
async function indexNewPapers(tx: Pick<Database, 'execute'>, onProgress?: RefreshOptions['onProgress']): Promise<boolean> {
  const [state] = await queryRows<{ max_key: number; documents: number; stale: boolean }>(tx, sql`
    select c.max_key, c.documents, exists (select 1 from scholar.postings where paper > c.max_key) as stale
    from scholar.corpus_stats c where c.id = 1`);
  const indexedUpTo = Number(state?.max_key ?? 0);
  const rebuild = !state || (Number(state.documents) === 0 && !state.stale);
  const from = rebuild ? 0 : indexedUpTo;
  const [pending] = await queryRows<{ papers: string; top: number | null }>(tx, sql`
    select count(*) as papers, max(key) as top from scholar.papers where key > ${from}::int`);
  const total = Number(pending?.papers ?? 0);
  const top = Number(pending?.top ?? from);
  const insertPostings = (source: SQL) => sql`
    insert into scholar.postings (term, paper, frequency, weight)
    select t.term, t.paper, t.tf, ${saturated(sql`t.tf`, sql`t.doc_length`, sql`t.weight_length`)}
    from (${postingsOf(source)}) t`;
  if (rebuild) {
    await tx.execute(sql`
      insert into scholar.corpus_stats (id, documents, average_length, weight_length)
      select 1, 0, 0, coalesce(avg(doc_length), 1) from scholar.papers
      on conflict (id) do update set weight_length = excluded.weight_length`);
    for (const table of ['postings', 'term_stats', 'term_blocks']) await tx.execute(sql.raw(`delete from scholar.${table}`));
    await tx.execute(sql`drop index if exists scholar.postings_paper_idx`);
  }
  // In slices of keys, so that a long first import can show how far it is.
  onProgress?.({ papers: 0, total });
  for (let low = from; low < top; low += KEYS_PER_STATEMENT) {
    const high = Math.min(top, low + KEYS_PER_STATEMENT);
    const papers = sql`(select p.key, p.tsv, p.doc_length from scholar.papers p where p.key > ${low}::int and p.key <= ${high}::int${
      // Postings of new papers written by other means (bench/search's synthetic corpus) are kept.
      state?.stale ? sql` and not exists (select 1 from scholar.postings q where q.paper = p.key)` : sql``
    })`;
    if (rebuild) await tx.execute(insertPostings(papers));
    else {
      await tx.execute(sql`
        with added as (${insertPostings(papers)} returning term)
        insert into scholar.dirty_terms (term) select distinct term from added on conflict do nothing`);
    }
    onProgress?.({ papers: Math.round((total * (high - from)) / Math.max(1, top - from)), total });
  }
  if (!rebuild) return false;
  // The schema's postings_paper_idx, in drizzle's own words (schema.ts).
  await tx.execute(sql`CREATE INDEX "postings_paper_idx" ON "scholar"."postings" USING btree ("paper")`);
  return true;
}

/** Papers (by key) whose postings one statement of indexNewPapers writes. */
const KEYS_PER_STATEMENT = 20_000;

export interface RefreshOptions {
  /** Called as the postings of new papers are written (the longest step of a first import): papers done of total. */
  onProgress?: (progress: { papers: number; total: number }) => void;
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
export async function refreshStatistics(db: Pick<Database, 'transaction' | 'execute'>, options: RefreshOptions = {}) {
  await db.transaction(async (tx) => {
    const rebuilt = await indexNewPapers(tx, options.onProgress);
    await tx.execute(sql`
      insert into scholar.corpus_stats (id, documents, average_length, weight_length, max_key, refreshed_at)
      select 1, count(*), coalesce(avg(doc_length), 0), coalesce(avg(doc_length), 1), coalesce(max(key), 0), now() from scholar.papers
      on conflict (id) do update set documents = excluded.documents, average_length = excluded.average_length,
        max_key = excluded.max_key, refreshed_at = now()`);
    const [stats] = await queryRows<{ drift: number }>(tx, sql`
      select abs(average_length - weight_length) / greatest(weight_length, 1) as drift from scholar.corpus_stats where id = 1`);
    const drifted = Boolean(stats && Number(stats.drift) > WEIGHT_DRIFT);
    if (drifted) {
      await tx.execute(sql`
        update scholar.postings x set weight = ${saturated(sql`x.frequency`, sql`p.doc_length`, sql`c.average_length`)}
        from scholar.papers p, scholar.corpus_stats c where p.key = x.paper`);
      await tx.execute(sql`update scholar.corpus_stats set weight_length = average_length`);
    }
    // Every term's blocks and statistics after a rebuild or new weights; otherwise those of the dirty terms.
    const every = rebuilt || drifted;
    const dirty = (term: SQL) => (every ? sql`true` : sql`${term} in (select term from scholar.dirty_terms)`);
    await tx.execute(sql`delete from scholar.term_blocks where ${dirty(sql`term`)}`);
    await tx.execute(sql`delete from scholar.term_stats where ${dirty(sql`term`)}`);
    // int4send / float4send give each value's 4 bytes in network order; a block is their concatenation. A term's
    // document frequency is its number of postings, counted from the blocks as they are written (8 bytes a posting)
    // rather than by another pass over the postings. Terms are grouped, not ordered, so they are sorted bytewise
    // (collate "C"): that sort takes about a third less time than with the collation of a server with a UTF-8 locale.
    await tx.execute(sql`
      with written as (
        insert into scholar.term_blocks (term, block, postings)
        select term, block, string_agg(int4send(paper) || float4send(weight), ''::bytea order by rank)
        from (
          select p.term collate "C" as term, p.paper, p.weight, row_number() over w as rank,
            (row_number() over w - 1) / ${BLOCK_POSTINGS}::int as block
          from scholar.postings p where ${dirty(sql`p.term`)}
          window w as (partition by p.term collate "C" order by p.weight desc, p.paper)
        ) ranked
        group by term, block
        returning term, octet_length(postings) as bytes
      )
      insert into scholar.term_stats (term, documents)
      select term, sum(bytes) / 8 from written group by term`);
    await tx.execute(sql`delete from scholar.dirty_terms`);
  });
  // Planner statistics and the visibility map: without them PostgreSQL plans the first searches after a bulk import
  // for empty tables.
  for (const table of ['papers', 'postings', 'term_blocks', 'term_stats']) await db.execute(sql.raw(`vacuum analyze scholar.${table}`));
}
