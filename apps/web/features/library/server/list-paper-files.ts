import 'server-only';
import { eq, inArray } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPaperFiles, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { PaperFile } from '../types';
import { storedFilesById } from '@/features/files/server/stored-files';

/**
 * The files attached to one of the user's library papers, under their current names (oldest link first). A link
 * whose file was deleted from My files is removed here: the file is gone, the paper stays. `not_found` for
 * another user's (or no) paper.
 */
export function listPaperFiles(claims: UserClaims, paperId: string): Promise<PaperFile[]> {
  return withUserDb(claims, async (db) => {
    const [paper] = await db.select({ id: libraryPapers.id }).from(libraryPapers).where(eq(libraryPapers.id, paperId));
    if (!paper) throw new AppError('not_found');
    const links = await db
      .select({ objectId: libraryPaperFiles.objectId })
      .from(libraryPaperFiles)
      .where(eq(libraryPaperFiles.libraryPaperId, paperId))
      .orderBy(libraryPaperFiles.createdAt, libraryPaperFiles.objectId);
    const found = await storedFilesById(
      db,
      claims.sub,
      links.map((link) => link.objectId),
    );
    const byId = new Map(found.map((file) => [file.objectId, file]));
    const gone = links.filter((link) => !byId.has(link.objectId)).map((link) => link.objectId);
    if (gone.length) await db.delete(libraryPaperFiles).where(inArray(libraryPaperFiles.objectId, gone));
    return links.flatMap((link) => byId.get(link.objectId) ?? []);
  });
}
