import 'server-only';
import type { Paper } from '@citewise/scholar';
import { sql } from '@citewise/db/orm';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims, type UserDb } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';
import { toEntries } from './entries';

/** Saves papers (or refreshes their records when saved before; notes and tags stay). */
export async function upsertLibraryPapers(db: UserDb, userId: string, papers: Paper[]) {
  if (papers.length === 0) return [];
  return db
    .insert(libraryPapers)
    .values(papers.map((paper) => ({ userId, paperId: paper.id, paper })))
    .onConflictDoUpdate({ target: [libraryPapers.userId, libraryPapers.paperId], set: { paper: sql`excluded.paper`, updatedAt: sql`now()` } })
    .returning();
}

export function savePaper(claims: UserClaims, paper: Paper): Promise<LibraryEntry> {
  return withUserDb(claims, async (db) => {
    const rows = await upsertLibraryPapers(db, claims.sub, [paper]);
    const [entry] = await toEntries(db, rows);
    return entry!;
  });
}
