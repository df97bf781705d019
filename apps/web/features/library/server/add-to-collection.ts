import 'server-only';
import { eq, inArray } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

/**
 * Files saved papers into a collection (papers already in it stay once); `not_found` when the collection is not the
 * user's. Ids that are not the user's saved papers are skipped: Row Level Security hides them from the lookup.
 */
export function addToCollection(claims: UserClaims, collectionId: string, ids: string[]): Promise<{ added: number }> {
  return withUserDb(claims, async (db) => {
    const [collection] = await db.select({ id: libraryCollections.id }).from(libraryCollections).where(eq(libraryCollections.id, collectionId));
    if (!collection) throw new AppError('not_found');
    const own = await db.select({ id: libraryPapers.id }).from(libraryPapers).where(inArray(libraryPapers.id, ids));
    if (own.length === 0) return { added: 0 };
    const added = await db
      .insert(libraryCollectionPapers)
      .values(own.map((paper) => ({ userId: claims.sub, collectionId, libraryPaperId: paper.id })))
      .onConflictDoNothing()
      .returning({ id: libraryCollectionPapers.libraryPaperId });
    return { added: added.length };
  });
}
