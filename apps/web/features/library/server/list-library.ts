import 'server-only';
import { and, arrayContains, asc, count, eq, exists, type SQL } from '@citewise/db/orm';
import { libraryCollectionPapers, libraryCollections, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { z } from 'zod';
import type { listLibrarySchema } from '../schema';
import type { LibraryListing } from '../types';
import { toEntries } from './entries';
import { libraryOrder, librarySearch } from './library-order';

/**
 * The user's saved papers (of one collection or tag, matching a search, in the chosen order), their collections and
 * tags. The whole matching library at once: the page filters and moves through it without further requests.
 */
export function listLibrary(claims: UserClaims, filter: z.output<typeof listLibrarySchema>): Promise<LibraryListing> {
  return withUserDb(claims, async (db) => {
    // No user filter here on purpose: Row Level Security shows each user only their own rows.
    const conditions: SQL[] = [];
    if (filter.paperId) conditions.push(eq(libraryPapers.paperId, filter.paperId));
    if (filter.q) conditions.push(...librarySearch(filter.q));
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
      .orderBy(...libraryOrder(filter.sort));
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
