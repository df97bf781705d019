import 'server-only';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollections } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LibraryCollection } from '../types';

/** A new, empty collection; `conflict` when the user already has one of this name. */
export async function createCollection(claims: UserClaims, name: string): Promise<LibraryCollection> {
  const [row] = await withUserDb(claims, (db) =>
    db.insert(libraryCollections).values({ userId: claims.sub, name }).onConflictDoNothing().returning(),
  );
  if (!row) throw new AppError('conflict');
  return { id: row.id, name: row.name, paperCount: 0 };
}

/** Deletes a collection; its papers stay in the library. */
export async function deleteCollection(claims: UserClaims, id: string): Promise<void> {
  const removed = await withUserDb(claims, (db) => db.delete(libraryCollections).where(eq(libraryCollections.id, id)).returning({ id: libraryCollections.id }));
  if (removed.length === 0) throw new AppError('not_found');
}
