import 'server-only';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { CitablePaper } from '../types';
import { citableLibrary } from './citable-library';

/** The user's saved papers with their cite keys, for the citation picker. */
export async function listCitablePapers(claims: UserClaims): Promise<{ papers: CitablePaper[] }> {
  const library = await withUserDb(claims, (db) => citableLibrary(db));
  return {
    papers: library.papers.map((entry) => ({
      libraryPaperId: entry.libraryPaperId,
      key: entry.key,
      title: entry.title,
      authors: entry.authors,
      year: entry.year,
    })),
  };
}
