import 'server-only';
import type { DatabaseHandle } from '@citewise/db';
import { desc } from '@citewise/db/orm';
import type { UserLibrary } from '@citewise/platform-ai';
import { libraryPapers } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { userIdOfDifyUser } from './dify-user';

/** The most entries one question searches: the most recently saved or changed first. */
const MAX_ENTRIES = 2000;

/**
 * The research assistant's "search my library": the saved papers of the end user the runtime was asked for, read
 * as that user under Row Level Security, so no query can reach another person's library. Only the proxy sets the
 * end user (from the verified session); an end user that is not one of ours has an empty library.
 */
export function userLibrary(handle: Pick<DatabaseHandle, 'db'>): UserLibrary {
  return async (endUser) => {
    const userId = userIdOfDifyUser(endUser);
    if (!userId) return [];
    const rows = await runAsUser(handle, { sub: userId, role: 'authenticated' }, (db) =>
      db
        .select({ id: libraryPapers.id, paper: libraryPapers.paper, note: libraryPapers.note, tags: libraryPapers.tags })
        .from(libraryPapers)
        .orderBy(desc(libraryPapers.updatedAt))
        .limit(MAX_ENTRIES),
    );
    return rows.map((row) => ({ entryId: row.id, paper: row.paper, note: row.note, tags: row.tags }));
  };
}
