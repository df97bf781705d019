import 'server-only';
import { parseReferenceFile, type SourceRegistry } from '@citewise/scholar';
import { eq } from '@citewise/db/orm';
import { AppError } from '@/lib/errors';
import { libraryCollectionPapers, libraryCollections } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { detectBibliographyFormat } from '@/features/research/server/check-references';
import type { ImportReferences } from '../schema';
import type { ImportSummary } from '../types';
import { checkLibraryPapers } from './check-library-papers';
import { upsertLibraryPapers } from './save-paper';

/**
 * Saves every readable entry of a BibTeX, RIS or CSL-JSON file, each with its verdict from a check against the
 * literature sources (an invented paper is imported as `not_found`, never silently); broken entries are reported.
 */
export async function importReferences(claims: UserClaims, registry: SourceRegistry, input: ImportReferences, signal?: AbortSignal): Promise<ImportSummary> {
  const detected = input.format ?? detectBibliographyFormat(input.text);
  if (detected === 'plain') throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'file_unreadable' }] });
  const { papers, failures } = parseReferenceFile(input.text, detected, { source: 'import' });
  if (papers.length === 0) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'file_unreadable' }] });
  if (papers.length > 5000) throw new AppError('validation_failed', { issues: [{ path: 'text', code: 'too_many' }] });
  const unique = [...new Map(papers.map((paper) => [paper.id, paper])).values()];
  if (input.collectionId) {
    const [collection] = await withUserDb(claims, (db) =>
      db.select({ id: libraryCollections.id }).from(libraryCollections).where(eq(libraryCollections.id, input.collectionId!)),
    );
    if (!collection) throw new AppError('not_found');
  }
  // Checked before the transaction: the sources may take seconds, a transaction should not wait on them.
  const verdicts = await checkLibraryPapers(registry, unique, signal);
  await withUserDb(claims, async (db) => {
    const rows = await upsertLibraryPapers(db, claims.sub, unique, verdicts);
    if (input.collectionId) {
      await db
        .insert(libraryCollectionPapers)
        .values(rows.map((row) => ({ userId: claims.sub, collectionId: input.collectionId!, libraryPaperId: row.id })))
        .onConflictDoNothing();
    }
  });
  const count = (status: string) => [...verdicts.values()].filter((verdict) => verdict.status === status).length;
  return {
    imported: unique.length,
    verified: count('verified'),
    corrected: count('corrected'),
    partial: count('partial'),
    mismatch: count('mismatch'),
    notFound: count('not_found'),
    unchecked: count('unchecked'),
    pending: unique.length - verdicts.size,
    failures: failures.map(({ entry, line, key, reason }) => ({ entry, line, key, reason })),
  };
}
