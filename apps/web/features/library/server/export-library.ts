import 'server-only';
import { exportPapers, type ExportedFile } from '@citewise/scholar';
import { asc, inArray } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { ExportLibrary } from '../schema';

/** Saved papers (the chosen ones, or all) in one export format. */
export async function exportLibrary(claims: UserClaims, input: ExportLibrary): Promise<ExportedFile> {
  const rows = await withUserDb(claims, (db) =>
    db
      .select({ paper: libraryPapers.paper })
      .from(libraryPapers)
      .where(input.ids ? inArray(libraryPapers.id, input.ids) : undefined)
      .orderBy(asc(libraryPapers.createdAt), asc(libraryPapers.id)),
  );
  if (rows.length === 0 || (input.ids && rows.length !== new Set(input.ids).size)) throw new AppError('not_found');
  return exportPapers(
    rows.map((row) => row.paper),
    input.format,
    { style: input.style },
  );
}
