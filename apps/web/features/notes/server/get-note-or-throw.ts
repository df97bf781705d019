import 'server-only';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { notes } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { Note } from '../types';
import { toNote } from './to-note';

/** One of the user's notes; `not_found` for another user's note or none. */
export function getNoteOrThrow(claims: UserClaims, id: string): Promise<Note> {
  return withUserDb(claims, async (db) => {
    const [row] = await db.select().from(notes).where(eq(notes.id, id));
    if (!row) throw new AppError('not_found');
    return toNote(db, row);
  });
}
