import 'server-only';
import { and, eq, inArray, notInArray, sql } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';
import type { UpdateLibraryPaper } from '../schema';
import { toEntries } from './entries';

/** Changes a saved paper's note, tags or collections; `not_found` for another user's (or no) entry. */
export function updateLibraryPaper(claims: UserClaims, id: string, change: UpdateLibraryPaper): Promise<LibraryEntry> {
  return withUserDb(claims, async (db) => {
    const [row] = await db
      .update(libraryPapers)
      .set({ ...(change.note !== undefined ? { note: change.note } : {}), ...(change.tags ? { tags: change.tags } : {}), updatedAt: sql`now()` })
      .where(eq(libraryPapers.id, id))
      .returning();
    if (!row) throw new AppError('not_found');
    if (change.collectionIds) {
      const wanted = [...new Set(change.collectionIds)];
      // Only the user's own collections are visible here, so another user's id reads as unknown.
      const own = wanted.length ? await db.select({ id: libraryCollections.id }).from(libraryCollections).where(inArray(libraryCollections.id, wanted)) : [];
      if (own.length !== wanted.length) throw new AppError('not_found', { message: 'Unknown collection' });
      await db
        .delete(libraryCollectionPapers)
        .where(and(eq(libraryCollectionPapers.libraryPaperId, id), wanted.length ? notInArray(libraryCollectionPapers.collectionId, wanted) : undefined));
      if (wanted.length) {
        await db
          .insert(libraryCollectionPapers)
          .values(wanted.map((collectionId) => ({ userId: claims.sub, collectionId, libraryPaperId: id })))
          .onConflictDoNothing();
      }
    }
    const [entry] = await toEntries(db, [row]);
    return entry!;
  });
}
