// Research notes and the library papers each note is about.
import { sql } from '@citewise/db/orm';
import { customType, index, integer, pgPolicy, primaryKey, text, timestamp, uuid } from '@citewise/db/pg-core';
import { allCommands, app, authenticated, ownRows } from './app';
import { libraryPapers } from './library';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Research notes: Markdown with `[@key]` citations of library papers. `version` counts saves, so a save from a
 * stale tab is refused (409) rather than silently overwriting a newer one. `search` is the full-text index of
 * title (A), tags (B) and body (C), computed on write with Chinese pre-segmented (features/notes/server/note-search.ts).
 */
export const notes = app
  .table(
    'notes',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      title: text('title').notNull().default(''),
      body: text('body').notNull().default(''),
      tags: text('tags')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      version: integer('version').notNull().default(1),
      search: tsvector('search').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      index('notes_user_updated').on(table.userId, table.updatedAt),
      index('notes_search').using('gin', table.search),
      ...ownRows('notes', allCommands),
    ],
  )
  .enableRLS();

/** Which library papers a note is about, each with an optional page or passage ("p. 12", a quoted sentence). */
export const notePapers = app
  .table(
    'note_papers',
    {
      userId: uuid('user_id').notNull(),
      noteId: uuid('note_id')
        .notNull()
        .references(() => notes.id, { onDelete: 'cascade' }),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
      locator: text('locator').notNull().default(''),
      position: integer('position').notNull().default(0),
    },
    (table) => [
      primaryKey({ columns: [table.noteId, table.libraryPaperId] }),
      index('note_papers_paper').on(table.libraryPaperId),
      ...ownRows('note_papers', allCommands),
      // As for collections: foreign keys are checked past RLS, so both ends of a new link must be the user's own.
      pgPolicy('note_papers_insert_own_ends', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.notes n where n.id = note_id and n.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();
