import 'server-only';
import type { Paper, SourceRegistry } from '@citewise/scholar';
import { eq, inArray } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';
import { checkLibraryPapers } from './check-library-papers';
import { toEntries } from './entries';
import { upsertLibraryPapers } from './save-paper';

/**
 * Saves several papers at once (a page of search results), into one of the user's collections when named, each
 * with the verdict of a check against the sources (made first, outside the transaction; a batch beyond the
 * checker's limit keeps the rest unchecked). In one transaction: past the plan's library size nothing is saved;
 * an unknown collection (or another user's, which RLS hides) is `not_found` and nothing is saved either.
 */
export async function savePapers(
  claims: UserClaims,
  registry: SourceRegistry,
  papers: Paper[],
  collectionId?: string,
  signal?: AbortSignal,
): Promise<LibraryEntry[]> {
  const verdicts = await checkLibraryPapers(registry, papers, signal);
  return withUserDb(claims, async (db) => {
    if (collectionId) {
      const [collection] = await db.select({ id: libraryCollections.id }).from(libraryCollections).where(eq(libraryCollections.id, collectionId));
      if (!collection) throw new AppError('not_found', { message: 'Unknown collection' });
    }
    const rows = await upsertLibraryPapers(db, claims.sub, papers, verdicts);
    if (collectionId && rows.length) {
      await db
        .insert(libraryCollectionPapers)
        .values(rows.map((row) => ({ userId: claims.sub, collectionId, libraryPaperId: row.id })))
        .onConflictDoNothing();
    }
    return toEntries(db, rows);
  });
}

/** Which of these papers the user has saved: paper id → library entry id (absent when not saved). */
export function savedPaperIds(claims: UserClaims, paperIds: string[]): Promise<Record<string, string>> {
  return withUserDb(claims, async (db) => {
    if (paperIds.length === 0) return {};
    const rows = await db.select({ id: libraryPapers.id, paperId: libraryPapers.paperId }).from(libraryPapers).where(inArray(libraryPapers.paperId, paperIds));
    return Object.fromEntries(rows.map((row) => [row.paperId, row.id]));
  });
}
