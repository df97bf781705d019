import 'server-only';
import { inArray } from '@citewise/db/orm';
import { libraryCollectionPapers, libraryPapers } from '@/lib/db/schema';
import type { UserDb } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';

type Row = typeof libraryPapers.$inferSelect;

/** Library rows with the collections each is in, as the API answers them. */
export async function toEntries(db: UserDb, rows: Row[]): Promise<LibraryEntry[]> {
  const ids = rows.map((row) => row.id);
  const links = ids.length ? await db.select().from(libraryCollectionPapers).where(inArray(libraryCollectionPapers.libraryPaperId, ids)) : [];
  return rows.map((row) => ({
    id: row.id,
    paperId: row.paperId,
    paper: row.paper,
    note: row.note,
    tags: row.tags,
    verification: row.verification ?? null,
    collectionIds: links.filter((link) => link.libraryPaperId === row.id).map((link) => link.collectionId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
