import 'server-only';
import { asc, eq } from '@citewise/db/orm';
import { notePapers, type notes } from '@/lib/db/schema';
import type { UserDb } from '@/lib/db/user-db';
import type { Note } from '../types';
import { citableLibrary } from './citable-library';

type NoteRow = typeof notes.$inferSelect;

/** A note row with its linked papers (and their cite keys), as the API answers it. */
export async function toNote(db: UserDb, row: NoteRow): Promise<Note> {
  const links = await db.select().from(notePapers).where(eq(notePapers.noteId, row.id)).orderBy(asc(notePapers.position));
  const library = links.length ? await citableLibrary(db) : null;
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    tags: row.tags,
    version: row.version,
    papers: links.flatMap((link) => {
      const paper = library?.byId.get(link.libraryPaperId);
      return paper ? [{ libraryPaperId: link.libraryPaperId, key: paper.key, title: paper.title, year: paper.year, locator: link.locator }] : [];
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
