import 'server-only';
import { and, asc, count, eq } from '@citewise/db/orm';
import { effectivePlanId } from '@/features/entitlements/server/effective-plan';
import { entitledStatuses } from '@/features/entitlements/server/effective-plan';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import type { SessionUser } from '@/lib/auth/session';
import { appDatabase } from '@/lib/db/database';
import { subscriptions, teamInvitations, teamMembers, teams } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { localizePath, type Locale } from '@/lib/i18n/routing';

/**
 * Teams of the Team plan. The owner is the subscriber: their `subscriptions` row holds the plan and the number
 * of seats. Every member (the owner too) and every invitation not yet accepted takes a seat; removing a member
 * or revoking an invitation frees it. Members get the team's plan while the owner's subscription grants it
 * (app.team_plan_id(), migration 0009). Changes go through here with the owner's connection, after the checks
 * below; what members read of their team is also guarded by Row Level Security.
 */

type OwnerDb = Parameters<Parameters<Awaited<ReturnType<typeof appDatabase>>['db']['transaction']>[0]>[0];

export type TeamMember = { userId: string; email: string; role: 'owner' | 'member'; joinedAt: string };
export type TeamInvitation = { id: string; email: string; createdAt: string };
export type InvitationForMe = { id: string; ownerEmail: string };

export type TeamView = {
  /** The user's place: owner, member, or on no team. */
  role: 'owner' | 'member' | null;
  /** Whether the owner's subscription grants Team now (else the team and its library are read-only). */
  active: boolean;
  seats: { total: number; used: number };
  members: TeamMember[];
  /** Pending invitations (the owner sees them). */
  invitations: TeamInvitation[];
  /** Invitations to the signed-in user's address, from other teams. */
  invitationsForMe: InvitationForMe[];
};

const normalize = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/** Whether a subscription row grants the Team plan now, and its seat count. */
function teamGrant(row: typeof subscriptions.$inferSelect | undefined): { active: boolean; seats: number } {
  if (!row) return { active: false, seats: 0 };
  const active = effectivePlanId(row) === 'team' && entitledStatuses.has(row.status);
  return { active, seats: Math.max(1, row.seats) };
}

async function ownerGrant(db: OwnerDb, ownerId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, ownerId));
  return teamGrant(row);
}

async function membershipOf(db: OwnerDb, userId: string) {
  const [row] = await db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
  return row ?? null;
}

/** Seats taken: members (the owner included) and invitations not yet accepted. */
async function seatsUsed(db: OwnerDb, teamId: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const [invited] = await db.select({ n: count() }).from(teamInvitations).where(eq(teamInvitations.teamId, teamId));
  return Number(members?.n ?? 0) + Number(invited?.n ?? 0);
}

/** Seats the team owned by `ownerId` uses now (members and pending invitations), or 0 when they own none. */
export async function teamSeatsInUse(ownerId: string): Promise<number> {
  const { db } = await appDatabase();
  const [team] = await db.select().from(teams).where(eq(teams.userId, ownerId));
  return team ? seatsUsed(db as unknown as OwnerDb, team.id) : 0;
}

/** The owner's team, locked for the transaction (seat counts stay right under concurrent invitations). */
async function lockOwnedTeam(db: OwnerDb, ownerId: string) {
  const [team] = await db.select().from(teams).where(eq(teams.userId, ownerId)).for('update');
  if (!team) throw new AppError('forbidden', { message: 'Only the owner of a Team subscription manages the team' });
  return team;
}

/**
 * The team of someone who pays for Team: created with the owner as its first member the first time it is
 * needed. Someone who is a member of another team keeps that membership (they cannot own a team meanwhile).
 */
async function ensureOwnedTeam(db: OwnerDb, user: SessionUser): Promise<void> {
  const grant = await ownerGrant(db, user.id);
  if (!grant.active) return;
  const [team] = await db.insert(teams).values({ userId: user.id }).onConflictDoNothing().returning({ id: teams.id });
  if (!team) return;
  await db
    .insert(teamMembers)
    .values({ teamId: team.id, userId: user.id, role: 'owner', email: normalize(user.email) })
    .onConflictDoNothing();
}

/** What the team page shows the signed-in user. */
export async function teamView(user: SessionUser): Promise<TeamView> {
  const { db } = await appDatabase();
  return db.transaction(async (tx) => {
    await ensureOwnedTeam(tx, user);
    const email = normalize(user.email);
    const invitationsForMe = email
      ? await tx
          .select({ id: teamInvitations.id, teamId: teamInvitations.teamId, ownerEmail: teamMembers.email })
          .from(teamInvitations)
          .innerJoin(teamMembers, and(eq(teamMembers.teamId, teamInvitations.teamId), eq(teamMembers.role, 'owner')))
          .where(eq(teamInvitations.email, email))
      : [];
    const membership = await membershipOf(tx, user.id);
    const forMe = invitationsForMe.filter((invitation) => invitation.teamId !== membership?.teamId).map(({ id, ownerEmail }) => ({ id, ownerEmail }));
    if (!membership) return { role: null, active: false, seats: { total: 0, used: 0 }, members: [], invitations: [], invitationsForMe: forMe };
    const [team] = await tx.select().from(teams).where(eq(teams.id, membership.teamId));
    const grant = await ownerGrant(tx, team!.userId);
    const members = await tx.select().from(teamMembers).where(eq(teamMembers.teamId, membership.teamId)).orderBy(asc(teamMembers.joinedAt));
    const invitations = await tx.select().from(teamInvitations).where(eq(teamInvitations.teamId, membership.teamId)).orderBy(asc(teamInvitations.createdAt));
    const role = membership.role === 'owner' ? 'owner' : 'member';
    return {
      role,
      active: grant.active,
      seats: { total: grant.seats, used: members.length + invitations.length },
      members: members.map((member) => ({
        userId: member.userId,
        email: member.email,
        role: member.role === 'owner' ? 'owner' : 'member',
        joinedAt: member.joinedAt.toISOString(),
      })),
      invitations:
        role === 'owner'
          ? invitations.map((invitation) => ({ id: invitation.id, email: invitation.email, createdAt: invitation.createdAt.toISOString() }))
          : [],
      invitationsForMe: forMe,
    };
  });
}

/**
 * Invites an address to the owner's team: it takes a seat at once (a full team answers `team_full`). A new
 * address gets the auth service's invitation mail (`POST /invite`), whose link signs them in and leads to the
 * team page; an existing account finds the invitation on its team page and accepts it there.
 */
export async function inviteMember(
  owner: SessionUser,
  email: string,
  origin: string,
  locale: Locale,
): Promise<{ invitation: TeamInvitation; mailed: boolean }> {
  if (email === normalize(owner.email)) throw new AppError('team_self_invite', { message: 'The owner is on the team already' });
  const { db } = await appDatabase();
  const invitation = await db.transaction(async (tx) => {
    await ensureOwnedTeam(tx, owner);
    const team = await lockOwnedTeam(tx, owner.id);
    const grant = await ownerGrant(tx, owner.id);
    if (!grant.active) throw new AppError('forbidden', { message: 'The Team subscription is not active' });
    const members = await tx.select({ email: teamMembers.email }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    if (members.some((member) => member.email === email)) throw new AppError('team_member_exists', { message: 'Already a member' });
    const [existing] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, email)));
    if (existing) return existing;
    if ((await seatsUsed(tx, team.id)) >= grant.seats) throw new AppError('team_full');
    const [created] = await tx.insert(teamInvitations).values({ teamId: team.id, email }).returning();
    return created!;
  });
  const admin = await createSupabaseAdminClient();
  const redirectTo = new URL(localizePath('/auth/team-invite', locale), origin).toString();
  const { error } = await admin.auth.admin.inviteUserByEmail(email, { redirectTo, data: { locale } });
  let mailed = true;
  if (error) {
    // An address with an account already: the invitation waits on that account's team page.
    if (error.code === 'email_exists' || error.status === 422) mailed = false;
    else {
      await db.delete(teamInvitations).where(eq(teamInvitations.id, invitation.id));
      throw new AppError('delivery_failed', { cause: error });
    }
  }
  return { invitation: { id: invitation.id, email: invitation.email, createdAt: invitation.createdAt.toISOString() }, mailed };
}

/** The owner takes an invitation back: its seat is free again. */
export async function revokeInvitation(owner: SessionUser, invitationId: string): Promise<void> {
  const { db } = await appDatabase();
  await db.transaction(async (tx) => {
    const team = await lockOwnedTeam(tx, owner.id);
    const removed = await tx
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, team.id)))
      .returning({ id: teamInvitations.id });
    if (removed.length === 0) throw new AppError('not_found');
  });
}

/**
 * Accepts an invitation to the signed-in user's own address: they become a member (the invitation's seat is
 * theirs now). Someone on another team leaves it first.
 */
export async function acceptInvitation(user: SessionUser, invitationId: string): Promise<void> {
  const email = normalize(user.email);
  const { db } = await appDatabase();
  await db.transaction(async (tx) => {
    const [invitation] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId));
    if (!invitation || !email || invitation.email !== email) throw new AppError('not_found');
    const [team] = await tx.select().from(teams).where(eq(teams.id, invitation.teamId)).for('update');
    if (!team) throw new AppError('not_found');
    if (!(await ownerGrant(tx, team.userId)).active) throw new AppError('team_inactive', { message: 'The team’s subscription is not active' });
    if (await membershipOf(tx, user.id)) throw new AppError('team_already_joined', { message: 'Already on a team' });
    await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'member', email });
    await tx.delete(teamInvitations).where(eq(teamInvitations.id, invitation.id));
  });
}

/** Declines an invitation to the signed-in user's address. */
export async function declineInvitation(user: SessionUser, invitationId: string): Promise<void> {
  const { db } = await appDatabase();
  const removed = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.email, normalize(user.email))))
    .returning({ id: teamInvitations.id });
  if (removed.length === 0) throw new AppError('not_found');
}

/**
 * Removes a member: the owner removes anyone but themselves, a member removes only themselves (leaves). The
 * seat is free at once; the papers they shared stay in the team's library.
 */
export async function removeMember(user: SessionUser, memberId: string): Promise<void> {
  const { db } = await appDatabase();
  await db.transaction(async (tx) => {
    const mine = await membershipOf(tx, user.id);
    if (!mine) throw new AppError('not_found');
    const leaving = memberId === user.id;
    if (leaving && mine.role === 'owner')
      throw new AppError('team_owner_leaving', { message: 'The owner cannot leave the team; cancel the Team subscription instead' });
    if (!leaving && mine.role !== 'owner') throw new AppError('forbidden');
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, mine.teamId), eq(teamMembers.userId, memberId), eq(teamMembers.role, 'member')))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw new AppError('not_found');
  });
}
