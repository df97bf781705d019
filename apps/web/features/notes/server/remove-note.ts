import 'server-only';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { notes } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

/** Deletes one of the user's notes (its paper links go with it); `not_found` for another user's note or none. */
export function removeNote(claims: UserClaims, id: string): Promise<void> {
  return withUserDb(claims, async (db) => {
    const removed = await db.delete(notes).where(eq(notes.id, id)).returning({ id: notes.id });
    if (!removed.length) throw new AppError('not_found');
  });
}
