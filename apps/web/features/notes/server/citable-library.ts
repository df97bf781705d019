import 'server-only';
import { authorName, citeKeys, type Paper } from '@citewise/scholar';
import { libraryPapers } from '@/lib/db/schema';
import type { UserDb } from '@/lib/db/user-db';
import type { CitablePaper } from '../types';

export type CitableLibrary = {
  papers: Array<CitablePaper & { paper: Paper }>;
  byKey: Map<string, CitablePaper & { paper: Paper }>;
  byId: Map<string, CitablePaper & { paper: Paper }>;
};

/**
 * The user's saved papers with their cite keys (`vaswani2017attention`). Keys are made over the whole library,
 * so colliding keys get their suffixes the same way everywhere; Row Level Security limits this to the user's rows.
 */
export async function citableLibrary(db: UserDb): Promise<CitableLibrary> {
  const rows = await db.select({ id: libraryPapers.id, paper: libraryPapers.paper }).from(libraryPapers);
  const keys = citeKeys(rows.map((row) => row.paper));
  const papers = rows
    .map((row) => ({
      libraryPaperId: row.id,
      key: keys.get(row.paper.id) ?? row.paper.id,
      title: row.paper.title,
      authors: authorsLine(row.paper),
      year: row.paper.issued?.year ?? null,
      paper: row.paper,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return { papers, byKey: new Map(papers.map((p) => [p.key, p])), byId: new Map(papers.map((p) => [p.libraryPaperId, p])) };
}

function authorsLine(paper: Paper): string {
  const names = paper.authors.slice(0, 3).map((author) => authorName(author));
  return paper.authors.length > 3 ? `${names.join(', ')} …` : names.join(', ');
}
