import 'server-only';
import { and, arrayContains, desc, eq, exists, sql, type SQL } from '@citewise/db/orm';
import { notePapers, notes } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { ListNotes } from '../schema';
import type { NoteListing } from '../types';
import { noteSearchQuery } from './note-search';

/** At most this many notes in one listing (the best matches, or the most recently changed). */
export const NOTE_LIST_LIMIT = 200;
const EXCERPT_CHARS = 200;

/** The user's notes (most recent first, or best match first for a search), optionally of one tag or paper; and all their tags. */
export function listNotes(claims: UserClaims, filter: ListNotes): Promise<NoteListing> {
  return withUserDb(claims, async (db) => {
    // No user filter here on purpose: Row Level Security shows each user only their own rows.
    const conditions: SQL[] = [];
    const query = filter.q ? noteSearchQuery(filter.q) : null;
    if (query) conditions.push(sql`${notes.search} @@ ${query}`);
    if (filter.tag) conditions.push(arrayContains(notes.tags, [filter.tag]));
    if (filter.paper) {
      conditions.push(
        exists(
          db
            .select()
            .from(notePapers)
            .where(and(eq(notePapers.noteId, notes.id), eq(notePapers.libraryPaperId, filter.paper))),
        ),
      );
    }
    const rows = await db
      .select({
        id: notes.id,
        title: notes.title,
        tags: notes.tags,
        version: notes.version,
        updatedAt: notes.updatedAt,
        excerpt: sql<string>`left(${notes.body}, ${EXCERPT_CHARS})`,
        paperCount: sql<number>`(select count(*) from ${notePapers} where ${notePapers.noteId} = ${notes.id})::int`,
      })
      .from(notes)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...(query ? [desc(sql`ts_rank(${notes.search}, ${query})`)] : []), desc(notes.updatedAt), desc(notes.id))
      .limit(NOTE_LIST_LIMIT);
    const tagRows = await db.selectDistinct({ tags: notes.tags }).from(notes);
    const tags = [...new Set(tagRows.flatMap((row) => row.tags))].sort((a, b) => a.localeCompare(b));
    return { notes: rows.map((row) => ({ ...row, excerpt: plainExcerpt(row.excerpt), updatedAt: row.updatedAt.toISOString() })), tags };
  });
}

/** The note's beginning as one line of plain words: Markdown marks and line breaks out. */
function plainExcerpt(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
