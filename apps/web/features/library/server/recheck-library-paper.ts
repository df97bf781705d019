import 'server-only';
import type { SourceRegistry } from '@citewise/scholar';
import { eq, sql } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';
import { checkLibraryPaper } from './check-library-papers';
import { toEntries } from './entries';

/** Checks a saved paper's record again and keeps the new verdict; `not_found` for another user's (or no) entry. */
export async function recheckLibraryPaper(claims: UserClaims, registry: SourceRegistry, id: string, signal?: AbortSignal): Promise<LibraryEntry> {
  const [saved] = await withUserDb(claims, (db) => db.select({ paper: libraryPapers.paper }).from(libraryPapers).where(eq(libraryPapers.id, id)));
  if (!saved) throw new AppError('not_found');
  const verdict = await checkLibraryPaper(registry, saved.paper, signal);
  return withUserDb(claims, async (db) => {
    const [row] = await db
      .update(libraryPapers)
      .set({ verification: verdict, updatedAt: sql`now()` })
      .where(eq(libraryPapers.id, id))
      .returning();
    // Removed while it was being checked.
    if (!row) throw new AppError('not_found');
    const [entry] = await toEntries(db, [row]);
    return entry!;
  });
}
