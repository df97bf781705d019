import 'server-only';
import type { Paper, SourceRegistry } from '@citewise/scholar';
import { sql } from '@citewise/db/orm';
import { libraryPapers } from '@/lib/db/schema';
import { assertLibraryRoom } from '@/features/entitlements/server/limits';
import { withUserDb, type UserClaims, type UserDb } from '@/lib/db/user-db';
import type { LibraryEntry } from '../types';
import type { LibraryVerdict } from '@/lib/db/schema/library-verdict';
import { checkLibraryPaper } from './check-library-papers';
import { toEntries } from './entries';

/**
 * Saves papers (or refreshes their records when saved before; notes and tags stay), with the verdicts of those
 * just checked; a paper saved again without a new verdict keeps its last one. New papers past the plan's library
 * size are refused (`plan_limit_reached`).
 */
export async function upsertLibraryPapers(db: UserDb, userId: string, papers: Paper[], verdicts?: ReadonlyMap<string, LibraryVerdict>) {
  if (papers.length === 0) return [];
  await assertLibraryRoom(
    db,
    userId,
    papers.map((paper) => paper.id),
  );
  return db
    .insert(libraryPapers)
    .values(papers.map((paper) => ({ userId, paperId: paper.id, paper, verification: verdicts?.get(paper.id) ?? null })))
    .onConflictDoUpdate({
      target: [libraryPapers.userId, libraryPapers.paperId],
      set: { paper: sql`excluded.paper`, verification: sql`coalesce(excluded.verification, ${libraryPapers.verification})`, updatedAt: sql`now()` },
    })
    .returning();
}

/**
 * Saves a paper with its verdict: the record is checked against the sources it came from (and the others switched
 * on) first, so the library shows what the check found, when, and where — never "not checked yet" for a paper
 * saved from Citewise's own search. The check runs before the transaction: sources may take seconds.
 */
export async function savePaper(claims: UserClaims, registry: SourceRegistry, paper: Paper, signal?: AbortSignal): Promise<LibraryEntry> {
  const verdict = await checkLibraryPaper(registry, paper, signal);
  return withUserDb(claims, async (db) => {
    const rows = await upsertLibraryPapers(db, claims.sub, [paper], new Map([[paper.id, verdict]]));
    const [entry] = await toEntries(db, rows);
    return entry!;
  });
}
