import 'server-only';
import { parseReferenceFile } from '@citewise/scholar';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { detectBibliographyFormat } from '@/features/research/server/check-references';
import type { ImportReferences } from '../schema';
import type { ImportSummary } from '../types';
import { upsertLibraryPapers } from './save-paper';

/** Saves every readable entry of a BibTeX, RIS or CSL-JSON file; broken entries are reported, not fatal. */
export async function importReferences(claims: UserClaims, input: ImportReferences): Promise<ImportSummary> {
  const detected = input.format ?? detectBibliographyFormat(input.text);
  if (detected === 'plain') throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'file_unreadable' }] });
  const { papers, failures } = parseReferenceFile(input.text, detected, { source: 'import' });
  if (papers.length === 0) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'file_unreadable' }] });
  if (papers.length > 5000) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'too_many' }] });
  const unique = [...new Map(papers.map((paper) => [paper.id, paper])).values()];
  await withUserDb(claims, async (db) => {
    if (input.collectionId) {
      const [collection] = await db.select({ id: libraryCollections.id }).from(libraryCollections).where(eq(libraryCollections.id, input.collectionId));
      if (!collection) throw new AppError('not_found');
    }
    const rows = await upsertLibraryPapers(db, claims.sub, unique);
    if (input.collectionId) {
      await db
        .insert(libraryCollectionPapers)
        .values(rows.map((row) => ({ userId: claims.sub, collectionId: input.collectionId!, libraryPaperId: row.id })))
        .onConflictDoNothing();
    }
  });
  return { imported: unique.length, failures: failures.map(({ entry, line, key, reason }) => ({ entry, line, key, reason })) };
}
