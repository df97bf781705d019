import 'server-only';
import { and, eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPaperFiles } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';

/** Detaches a file from a library paper; the file stays in My files. `not_found` when there is no such link of the user's. */
export async function detachPaperFile(claims: UserClaims, paperId: string, objectId: string): Promise<void> {
  const removed = await withUserDb(claims, (db) =>
    db
      .delete(libraryPaperFiles)
      .where(and(eq(libraryPaperFiles.libraryPaperId, paperId), eq(libraryPaperFiles.objectId, objectId)))
      .returning({ objectId: libraryPaperFiles.objectId }),
  );
  if (removed.length === 0) throw new AppError('not_found');
}
