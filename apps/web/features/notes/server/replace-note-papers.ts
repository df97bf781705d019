import 'server-only';
import { eq, inArray } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPapers, notePapers } from '@/lib/db/schema';
import type { UserDb } from '@/lib/db/user-db';
import type { CreateNote } from '../schema';

/** Makes `links` the note's linked papers, in that order; `not_found` when one is not a paper of the user's library. */
export async function replaceNotePapers(db: UserDb, userId: string, noteId: string, links: CreateNote['papers']): Promise<void> {
  if (links.length) {
    const ids = links.map((link) => link.libraryPaperId);
    // Only the user's own saved papers are visible here, so another user's id reads as unknown.
    const own = await db.select({ id: libraryPapers.id }).from(libraryPapers).where(inArray(libraryPapers.id, ids));
    if (own.length !== ids.length) throw new AppError('not_found', { message: 'Unknown library paper' });
  }
  await db.delete(notePapers).where(eq(notePapers.noteId, noteId));
  if (links.length) {
    await db
      .insert(notePapers)
      .values(links.map((link, position) => ({ userId, noteId, libraryPaperId: link.libraryPaperId, locator: link.locator, position })));
  }
}
