import 'server-only';
import type { Paper } from '@citewise/scholar';
import { and, count, desc, eq } from '@citewise/db/orm';
import { limitReached, planOf } from '@/features/entitlements/server/limits';
import { libraryPapers, teamLibraryPapers, teamMembers } from '@/lib/db/schema';
import { withUserDb, type UserClaims, type UserDb } from '@/lib/db/user-db';
import { AppError } from '@/lib/errors';

/** `addedBy` is null, and `addedByEmail` empty, once the member who shared it deleted their account. */
export type SharedPaper = { id: string; paperId: string; paper: Paper; addedBy: string | null; addedByEmail: string; createdAt: string };

/**
 * The team's shared library, read and written as the user: Row Level Security lets only the team's members see
 * or change its rows (app.is_team_member(), migration 0009). Adding and removing need the `sharedLibraries`
 * feature of the plan (Team, through the team); without it the library stays readable and nothing is deleted.
 */
async function myTeamId(db: UserDb, userId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return row?.teamId ?? null;
}

async function assertWritable(db: UserDb, userId: string, teamId: string, adding: boolean): Promise<void> {
  const plan = await planOf(db, userId);
  const [total] = await db.select({ n: count() }).from(teamLibraryPapers).where(eq(teamLibraryPapers.teamId, teamId));
  const used = Number(total?.n ?? 0);
  if (plan.features.sharedLibraries !== true) throw limitReached({ feature: 'sharedLibraries', limit: 0, used, resets_on: null });
  // The shared library holds as many papers as the plan's library does.
  const limit = plan.features.libraryPapers;
  if (adding && typeof limit === 'number' && used + 1 > limit) throw limitReached({ feature: 'libraryPapers', limit, used, resets_on: null });
}

/** The team's papers, newest first, with who added each; empty for someone on no team. */
export async function listSharedPapers(claims: UserClaims): Promise<SharedPaper[]> {
  return withUserDb(claims, async (db) => {
    const rows = await db
      .select({ row: teamLibraryPapers, email: teamMembers.email })
      .from(teamLibraryPapers)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teamLibraryPapers.teamId), eq(teamMembers.userId, teamLibraryPapers.addedBy)))
      .orderBy(desc(teamLibraryPapers.createdAt));
    return rows.map(({ row, email }) => ({
      id: row.id,
      paperId: row.paperId,
      paper: row.paper,
      addedBy: row.addedBy,
      addedByEmail: email ?? '',
      createdAt: row.createdAt.toISOString(),
    }));
  });
}

/** Shares a paper of the user's own library with their team (once: sharing it again changes nothing). */
export async function sharePaper(claims: UserClaims, paperId: string): Promise<SharedPaper> {
  return withUserDb(claims, async (db) => {
    const teamId = await myTeamId(db, claims.sub);
    if (!teamId) throw new AppError('forbidden', { message: 'Not on a team' });
    const [own] = await db
      .select()
      .from(libraryPapers)
      .where(and(eq(libraryPapers.userId, claims.sub), eq(libraryPapers.paperId, paperId)));
    if (!own) throw new AppError('not_found', { message: 'The paper is not in your library' });
    const [existing] = await db
      .select()
      .from(teamLibraryPapers)
      .where(and(eq(teamLibraryPapers.teamId, teamId), eq(teamLibraryPapers.paperId, paperId)));
    await assertWritable(db, claims.sub, teamId, !existing);
    const row = existing ?? (await db.insert(teamLibraryPapers).values({ teamId, paperId, paper: own.paper, addedBy: claims.sub }).returning())[0]!;
    const [me] = row.addedBy ? await db.select({ email: teamMembers.email }).from(teamMembers).where(eq(teamMembers.userId, row.addedBy)) : [];
    return { id: row.id, paperId: row.paperId, paper: row.paper, addedBy: row.addedBy, addedByEmail: me?.email ?? '', createdAt: row.createdAt.toISOString() };
  });
}

/** Removes a paper from the team's library (any member may). */
export async function unsharePaper(claims: UserClaims, id: string): Promise<void> {
  await withUserDb(claims, async (db) => {
    const teamId = await myTeamId(db, claims.sub);
    if (!teamId) throw new AppError('not_found');
    await assertWritable(db, claims.sub, teamId, false);
    const removed = await db
      .delete(teamLibraryPapers)
      .where(and(eq(teamLibraryPapers.id, id), eq(teamLibraryPapers.teamId, teamId)))
      .returning({ id: teamLibraryPapers.id });
    if (removed.length === 0) throw new AppError('not_found');
  });
}
