import 'server-only';
import { count, eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPaperFiles, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { MAX_FILES_PER_PAPER } from '../schema';
import type { PaperFile } from '../types';
import { storedFileByKey } from '@/features/files/server/stored-files';

/**
 * Attaches a PDF of the user's My files (by its object key) to one of their library papers; attaching it again
 * changes nothing. `not_found` when the paper or the file is not the user's (or does not exist),
 * `validation_failed` for a file that is not a PDF, `conflict` past MAX_FILES_PER_PAPER.
 */
export function attachPaperFile(claims: UserClaims, paperId: string, key: string): Promise<PaperFile> {
  return withUserDb(claims, async (db) => {
    const [paper] = await db.select({ id: libraryPapers.id }).from(libraryPapers).where(eq(libraryPapers.id, paperId));
    if (!paper) throw new AppError('not_found');
    const file = await storedFileByKey(db, claims.sub, key);
    if (!file) throw new AppError('not_found', { message: 'Unknown file' });
    if (file.type !== 'application/pdf') throw new AppError('validation_failed', { issues: [{ path: 'key', code: 'invalid_format' }] });
    const [attached] = await db.select({ n: count() }).from(libraryPaperFiles).where(eq(libraryPaperFiles.libraryPaperId, paperId));
    if ((attached?.n ?? 0) >= MAX_FILES_PER_PAPER) throw new AppError('paper_files_full', { message: `A paper holds at most ${MAX_FILES_PER_PAPER} files` });
    await db.insert(libraryPaperFiles).values({ userId: claims.sub, libraryPaperId: paperId, objectId: file.objectId }).onConflictDoNothing();
    return file;
  });
}
