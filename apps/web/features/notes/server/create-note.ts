import 'server-only';
import { notes } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { CreateNote } from '../schema';
import type { Note } from '../types';
import { noteSearchVector } from './note-search';
import { replaceNotePapers } from './replace-note-papers';
import { toNote } from './to-note';

/** A new note of the user's, with its linked papers. */
export function createNote(claims: UserClaims, input: CreateNote): Promise<Note> {
  return withUserDb(claims, async (db) => {
    const [row] = await db
      .insert(notes)
      .values({ userId: claims.sub, title: input.title, body: input.body, tags: input.tags, search: noteSearchVector(input) })
      .returning();
    await replaceNotePapers(db, claims.sub, row!.id, input.papers);
    return toNote(db, row!);
  });
}
