// Writes papers into the local corpus. Each row carries its tsvector (title weight A; abstract and keywords
// weight B; Chinese pre-segmented) and its token count, computed by PostgreSQL in the same statement.
import { sql, type SQL } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import type { Paper } from '../paper';
import { segmentForIndex } from '../text/segment';

const TSV = (title: SQL, body: SQL) =>
  sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

/** Inserts or replaces papers by id (imports are idempotent). */
export async function upsertPapers(db: Pick<Database, 'execute'>, batch: Paper[]) {
  if (batch.length === 0) return;
  const rows = batch.map((p) => {
    const title = segmentForIndex(p.title);
    const body = segmentForIndex([p.abstract ?? '', p.keywords.join(' ')].join(' '));
    // Every value is cast: in a VALUES list PostgreSQL would otherwise type untyped parameters as text.
    return sql`(${p.id}::text, ${p.title}::text, ${p.abstract}::text, ${JSON.stringify(p.authors)}::jsonb, ${p.issued?.year ?? null}::int,
      ${p.issued?.month ?? null}::int, ${p.issued?.day ?? null}::int, ${p.container}::text, ${p.doi?.toLowerCase() ?? null}::text,
      ${p.arxivId}::text, ${p.pmid}::text, ${p.url}::text, ${p.language}::text, ${p.type}::text,
      ${toArray(p.fields)}::text[], ${toArray(p.keywords)}::text[], ${p.source}::text, ${TSV(sql`${title}::text`, sql`${body}::text`)})`;
  });
  await db.execute(sql`
    with incoming (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, tsv) as (
      values ${sql.join(rows, sql`, `)}
    )
    insert into scholar.papers (id, title, abstract, authors, year, month, day, container, doi, arxiv_id, pmid, url, language, type, fields, keywords, source, tsv, doc_length)
    select i.*, coalesce((select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(i.tsv) u), 0) from incoming i
    on conflict (id) do update set
      title = excluded.title, abstract = excluded.abstract, authors = excluded.authors, year = excluded.year,
      month = excluded.month, day = excluded.day, container = excluded.container, doi = excluded.doi,
      arxiv_id = excluded.arxiv_id, pmid = excluded.pmid, url = excluded.url, language = excluded.language,
      type = excluded.type, fields = excluded.fields, keywords = excluded.keywords, source = excluded.source,
      tsv = excluded.tsv, doc_length = excluded.doc_length, updated_at = now()`);
}

/** PostgreSQL array literal for a list of strings (parameters cannot be bound as arrays portably across drivers). */
function toArray(values: string[]) {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** Recomputes document frequencies and the average length; run after an import. */
export async function refreshStatistics(db: Pick<Database, 'transaction'>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from scholar.term_stats`);
    await tx.execute(sql`insert into scholar.term_stats (term, documents) select word, ndoc from ts_stat('select tsv from scholar.papers')`);
    await tx.execute(sql`
      insert into scholar.corpus_stats (id, documents, average_length, refreshed_at)
      select 1, count(*), coalesce(avg(doc_length), 0), now() from scholar.papers
      on conflict (id) do update set documents = excluded.documents, average_length = excluded.average_length, refreshed_at = now()`);
  });
}
