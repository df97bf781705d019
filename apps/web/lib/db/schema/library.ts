// The personal library's tables: saved papers with their verdicts, collections, and the PDFs attached to papers.
import { sql } from '@citewise/db/orm';
import { index, jsonb, pgPolicy, primaryKey, text, timestamp, unique, uuid } from '@citewise/db/pg-core';
import type { Paper } from '@citewise/scholar';
import { allCommands, app, authenticated, ownRows } from './app';
import type { LibraryVerdict } from './library-verdict';

/**
 * Papers a user saved, each with its whole record: the library keeps working when the corpus no longer has the
 * paper (re-imported, or a result from an online source). One row per user and paper id; tags and a note beside.
 */
export const libraryPapers = app
  .table(
    'library_papers',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      paperId: text('paper_id').notNull(),
      paper: jsonb('paper').$type<Paper>().notNull(),
      note: text('note').notNull().default(''),
      tags: text('tags')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      /** The last check of the record against the literature sources; null until checked. */
      verification: jsonb('verification').$type<LibraryVerdict>(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [unique('library_papers_user_paper').on(table.userId, table.paperId), ...ownRows('library_papers', allCommands)],
  )
  .enableRLS();

/** A user's named groups of saved papers. */
export const libraryCollections = app
  .table(
    'library_collections',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [unique('library_collections_user_name').on(table.userId, table.name), ...ownRows('library_collections', allCommands)],
  )
  .enableRLS();

/** Which saved paper is in which collection (a paper may be in several). */
export const libraryCollectionPapers = app
  .table(
    'library_collection_papers',
    {
      userId: uuid('user_id').notNull(),
      collectionId: uuid('collection_id')
        .notNull()
        .references(() => libraryCollections.id, { onDelete: 'cascade' }),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
    },
    (table) => [
      primaryKey({ columns: [table.collectionId, table.libraryPaperId] }),
      index('library_collection_papers_paper').on(table.libraryPaperId),
      ...ownRows('library_collection_papers', ['select', 'insert', 'delete']),
      // Foreign keys are checked past RLS: without this a user could file a saved paper into someone else's
      // collection by its id. Both ends of a new link must be the user's own.
      pgPolicy('library_collection_papers_insert_own_ends', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.library_collections c where c.id = collection_id and c.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();

/**
 * PDFs (objects of the storage service's `files` bucket) attached to library papers. The link holds the object's
 * id, not its key: a rename or move in My files updates the object's row in place, so the link follows the file.
 * No foreign key to `storage.objects` (another owner's schema, possibly a hosted project's): the use cases check
 * the object as the user when attaching, and drop links whose object is gone when reading. Removing the paper
 * removes its links (cascade); removing a link never touches the file.
 */
export const libraryPaperFiles = app
  .table(
    'library_paper_files',
    {
      userId: uuid('user_id').notNull(),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
      objectId: uuid('object_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.libraryPaperId, table.objectId] }),
      index('library_paper_files_user_object').on(table.userId, table.objectId),
      ...ownRows('library_paper_files', ['select', 'insert', 'delete']),
      // Foreign keys are checked past RLS: the paper of a new link must be the user's own.
      pgPolicy('library_paper_files_insert_own_paper', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();
