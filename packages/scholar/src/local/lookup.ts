// Finding a known paper in the local corpus: by DOI, arXiv id or PMID (indexed columns), or by its title
// (BM25 candidates, then the closest titles).
import { asc, eq } from '@citewise/db/orm';
import type { Database } from '@citewise/db';
import { papers } from '../db/schema';
import type { Paper } from '../paper';
import { textSimilarity } from '../search/normalize';
import type { Identifier } from '../sources/identifiers';
import { getLocalPapers, paperColumns, paperFromRow } from './get-papers';
import { searchLocal } from './search';

const COLUMN = { doi: papers.doi, arxiv: papers.arxivId, pmid: papers.pmid } as const;

/** The local paper with this (normalised) identifier, or null. */
export async function findLocalByIdentifier(db: Database, id: Identifier): Promise<Paper | null> {
  const [row] = await db.select(paperColumns).from(papers).where(eq(COLUMN[id.kind], id.value)).orderBy(asc(papers.id)).limit(1);
  return row ? paperFromRow(row) : null;
}

/** Local papers whose title is close to `title` (character-bigram similarity ≥ `minSimilarity`), closest first. */
export async function findLocalByTitle(db: Database, title: string, options: { limit?: number; minSimilarity?: number } = {}): Promise<Paper[]> {
  // Full-width letters and punctuation (`ＢＥＲＴ：…`) are searched as their narrow forms, which the index holds.
  const { hits } = await searchLocal(db, { query: title.normalize('NFKC'), limit: 20 });
  const candidates = await getLocalPapers(
    db,
    hits.map((h) => h.id),
  );
  return candidates
    .map((paper) => ({ paper, similarity: textSimilarity(title, paper.title) }))
    .filter((c) => c.similarity >= (options.minSimilarity ?? 0.6))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, options.limit ?? 5)
    .map((c) => c.paper);
}
