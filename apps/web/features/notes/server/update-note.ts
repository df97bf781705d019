import 'server-only';
import { and, eq, sql } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { notes } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { UpdateNote } from '../schema';
import type { Note } from '../types';
import { noteSearchVector } from './note-search';
import { replaceNotePapers } from './replace-note-papers';
import { toNote } from './to-note';

/**
 * Saves a change made on `change.version` of the note. A save made on an older version (another tab saved in
 * between) is refused with `conflict` instead of overwriting the newer text; the caller decides what to keep.
 */
export function updateNote(claims: UserClaims, id: string, change: UpdateNote): Promise<Note> {
  return withUserDb(claims, async (db) => {
    const [current] = await db.select().from(notes).where(eq(notes.id, id)).for('update');
    if (!current) throw new AppError('not_found');
    if (current.version !== change.version) throw new AppError('conflict', { message: 'The note was saved elsewhere in the meantime' });
    const next = { title: change.title ?? current.title, body: change.body ?? current.body, tags: change.tags ?? current.tags };
    const [row] = await db
      .update(notes)
      .set({ ...next, search: noteSearchVector(next), version: sql`${notes.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(notes.id, id), eq(notes.version, change.version)))
      .returning();
    if (!row) throw new AppError('conflict', { message: 'The note was saved elsewhere in the meantime' });
    if (change.papers) await replaceNotePapers(db, claims.sub, id, change.papers);
    return toNote(db, row);
  });
}
