import 'server-only';
import { and, arrayContains, asc, count, desc, eq, exists, type SQL } from '@citewise/db/orm';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { z } from 'zod';
import type { listLibrarySchema } from '../schema';
import type { LibraryListing } from '../types';
import { toEntries } from './entries';

/** The user's saved papers (newest first, optionally of one collection or tag), their collections and tags. */
export function listLibrary(claims: UserClaims, filter: z.output<typeof listLibrarySchema>): Promise<LibraryListing> {
  return withUserDb(claims, async (db) => {
    // No user filter here on purpose: Row Level Security shows each user only their own rows.
    const conditions: SQL[] = [];
    if (filter.paperId) conditions.push(eq(libraryPapers.paperId, filter.paperId));
    if (filter.tag) conditions.push(arrayContains(libraryPapers.tags, [filter.tag]));
    if (filter.collection) {
      conditions.push(
        exists(
          db
            .select()
            .from(libraryCollectionPapers)
            .where(and(eq(libraryCollectionPapers.libraryPaperId, libraryPapers.id), eq(libraryCollectionPapers.collectionId, filter.collection))),
        ),
      );
    }
    const rows = await db
      .select()
      .from(libraryPapers)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(libraryPapers.createdAt), asc(libraryPapers.id));
    const collections = await db
      .select({ id: libraryCollections.id, name: libraryCollections.name, paperCount: count(libraryCollectionPapers.libraryPaperId) })
      .from(libraryCollections)
      .leftJoin(libraryCollectionPapers, eq(libraryCollectionPapers.collectionId, libraryCollections.id))
      .groupBy(libraryCollections.id, libraryCollections.name)
      .orderBy(asc(libraryCollections.name));
    const tagRows = await db.selectDistinct({ tags: libraryPapers.tags }).from(libraryPapers);
    const tags = [...new Set(tagRows.flatMap((row) => row.tags))].sort((a, b) => a.localeCompare(b));
    return { entries: await toEntries(db, rows), collections, tags };
  });
}
