// Papers of the local corpus by id, as Paper records, in the order asked for.
import { inArray } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import { papers } from '../db/schema';
import type { Paper } from '../paper';

/** A `scholar.papers` row as selected with `paperColumns`. */
export type PaperRow = Omit<Paper, 'issued' | 'details'> & {
  year: number | null;
  month: number | null;
  day: number | null;
  details: Record<string, string> | null;
};

export function paperFromRow(row: PaperRow): Paper {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    authors: row.authors,
    issued: row.year ? { year: row.year, ...(row.month ? { month: row.month } : {}), ...(row.day ? { day: row.day } : {}) } : null,
    container: row.container,
    doi: row.doi,
    arxivId: row.arxivId,
    pmid: row.pmid,
    url: row.url,
    language: row.language,
    type: row.type,
    fields: row.fields,
    keywords: row.keywords,
    source: row.source,
    ...(row.details ? { details: row.details as Paper['details'] } : {}),
  };
}

/** The columns a Paper needs (not the index columns). */
export const paperColumns = {
  id: papers.id,
  title: papers.title,
  abstract: papers.abstract,
  authors: papers.authors,
  year: papers.year,
  month: papers.month,
  day: papers.day,
  container: papers.container,
  doi: papers.doi,
  arxivId: papers.arxivId,
  pmid: papers.pmid,
  url: papers.url,
  language: papers.language,
  type: papers.type,
  fields: papers.fields,
  keywords: papers.keywords,
  source: papers.source,
  details: papers.details,
};

export async function getLocalPapers(db: Database, ids: string[]): Promise<Paper[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(paperColumns).from(papers).where(inArray(papers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, paperFromRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
