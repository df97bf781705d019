import 'server-only';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

/** Removes a saved paper (and its collection memberships); `not_found` when it is not the user's. */
export async function removeLibraryPaper(claims: UserClaims, id: string): Promise<void> {
  const removed = await withUserDb(claims, (db) => db.delete(libraryPapers).where(eq(libraryPapers.id, id)).returning({ id: libraryPapers.id }));
  if (removed.length === 0) throw new AppError('not_found');
}
