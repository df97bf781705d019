import 'server-only';
import { asc, count, eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LibraryCollection } from '../types';

/** A new, empty collection; `conflict` when the user already has one of this name. */
export async function createCollection(claims: UserClaims, name: string): Promise<LibraryCollection> {
  const [row] = await withUserDb(claims, (db) => db.insert(libraryCollections).values({ userId: claims.sub, name }).onConflictDoNothing().returning());
  if (!row) throw new AppError('conflict');
  return { id: row.id, name: row.name, paperCount: 0 };
}

/** Deletes a collection; its papers stay in the library. */
export async function deleteCollection(claims: UserClaims, id: string): Promise<void> {
  const removed = await withUserDb(claims, (db) => db.delete(libraryCollections).where(eq(libraryCollections.id, id)).returning({ id: libraryCollections.id }));
  if (removed.length === 0) throw new AppError('not_found');
}

/** The user's collections by name, with how many papers each holds. */
export function listCollections(claims: UserClaims): Promise<LibraryCollection[]> {
  return withUserDb(claims, (db) =>
    db
      .select({ id: libraryCollections.id, name: libraryCollections.name, paperCount: count(libraryCollectionPapers.libraryPaperId) })
      .from(libraryCollections)
      .leftJoin(libraryCollectionPapers, eq(libraryCollectionPapers.collectionId, libraryCollections.id))
      .groupBy(libraryCollections.id, libraryCollections.name)
      .orderBy(asc(libraryCollections.name)),
  );
}
