// Teams: the team of a Team subscription, its members, open invitations and the shared library.
import { sql } from '@citewise/db/orm';
import { index, jsonb, pgPolicy, primaryKey, text, timestamp, unique, uuid } from '@citewise/db/pg-core';
import type { Paper } from '@citewise/scholar';
import { app, authenticated } from './app';

/**
 * A Team subscription's team: one per owner (`user_id`, the subscriber, whose `subscriptions` row holds the plan
 * and the seat count). Created when the owner first manages the team; the team's rows go when the owner's
 * account is deleted (the foreign keys below cascade). Members read their own team (app.is_team_member(), a
 * security-definer function of migration 0009, so the check does not recurse through these policies); every
 * change goes through the server with the owner's connection (features/team/server).
 */
export const teams = app
  .table(
    'teams',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      /** The owner. */
      userId: uuid('user_id').notNull().unique('teams_owner'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => [pgPolicy('teams_select_member', { as: 'permissive', for: 'select', to: authenticated, using: sql`app.is_team_member(id)` })],
  )
  .enableRLS();

/** Who is on a team (the owner too, role `owner`); a person is on one team at most. Each member takes a seat. */
export const teamMembers = app
  .table(
    'team_members',
    {
      teamId: uuid('team_id')
        .notNull()
        .references(() => teams.id, { onDelete: 'cascade' }),
      userId: uuid('user_id').notNull().unique('team_members_one_team'),
      /** `owner` | `member`. */
      role: text('role').notNull().default('member'),
      /** The address the member was invited at (the owner's own for the owner), shown to the team. */
      email: text('email').notNull().default(''),
      joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.teamId, table.userId] }),
      pgPolicy('team_members_select_member', { as: 'permissive', for: 'select', to: authenticated, using: sql`app.is_team_member(team_id)` }),
    ],
  )
  .enableRLS();

/**
 * Invitations not yet accepted, by address (lower case). Each takes a seat until it is accepted (it becomes a
 * member) or revoked. RLS on and no policies: only the server reads them, for the owner and for the invitee.
 */
export const teamInvitations = app
  .table(
    'team_invitations',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      teamId: uuid('team_id')
        .notNull()
        .references(() => teams.id, { onDelete: 'cascade' }),
      email: text('email').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [unique('team_invitations_team_email').on(table.teamId, table.email), index('team_invitations_email').on(table.email)],
  )
  .enableRLS();

/**
 * The team's shared library (the `sharedLibraries` feature): papers every member reads, adds and removes, each
 * with its whole record and who added it. Row Level Security lets members of the team only; the plan's limits
 * are checked by the server (features/team/server/shared-library.ts).
 */
export const teamLibraryPapers = app
  .table(
    'team_library_papers',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      teamId: uuid('team_id')
        .notNull()
        .references(() => teams.id, { onDelete: 'cascade' }),
      paperId: text('paper_id').notNull(),
      paper: jsonb('paper').$type<Paper>().notNull(),
      /** Who shared it; null once that account was deleted (the paper stays the team's). */
      addedBy: uuid('added_by'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      unique('team_library_papers_team_paper').on(table.teamId, table.paperId),
      pgPolicy('team_library_papers_select_member', { as: 'permissive', for: 'select', to: authenticated, using: sql`app.is_team_member(team_id)` }),
      pgPolicy('team_library_papers_insert_member', {
        as: 'permissive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`app.is_team_member(team_id) and added_by = app.current_user_id()`,
      }),
      pgPolicy('team_library_papers_delete_member', { as: 'permissive', for: 'delete', to: authenticated, using: sql`app.is_team_member(team_id)` }),
    ],
  )
  .enableRLS();
