// The `app` schema: the product's own tables. Rows are keyed by the user id from the verified JWT (no foreign
// key to `auth.users`: the auth schema may belong to a hosted Supabase project). Every table holding user data
// turns Row Level Security on with the policies from `ownRows()`, and is queried through withUserDb().
//
// After changing this file: `npm run db:generate -- apps/web app <name>`, review the SQL, commit both.
import { sql } from '@citewise/db/orm';
import { bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgPolicy, pgRole, pgSchema, primaryKey, text, timestamp, unique, uuid } from '@citewise/db/pg-core';
import type { Paper } from '@citewise/scholar';
import type { LibraryVerdict } from '@/features/library/verdict';

export const app = pgSchema('app');

/** Created by the migration 0001_claims_and_roles (race-safe, and present already on hosted Supabase). */
export const authenticated = pgRole('authenticated').existing();

type Command = 'select' | 'insert' | 'update' | 'delete';

/**
 * Policies letting the signed-in user use only their own rows, for the commands listed; commands left out are
 * refused for everyone but the table owner (e.g. no `delete` on subscriptions).
 */
export function ownRows(table: string, commands: readonly Command[]) {
  const own = sql`user_id = app.current_user_id()`;
  return commands.map((command) =>
    pgPolicy(`${table}_${command}_own`, {
      as: 'permissive',
      for: command,
      to: authenticated,
      ...(command === 'insert' ? { withCheck: own } : command === 'update' ? { using: own, withCheck: own } : { using: own }),
    }),
  );
}

/**
 * The plan each user is on: one row per user, Free (the defaults) until a Stripe subscription (or the local
 * test-mode one) says otherwise. Only the Stripe webhook changes a row after it exists, through the owner's
 * connection (features/billing/server/sync-subscription.ts); users can read and create their row, never change it.
 * `status` is Stripe's word (`active`, `trialing`, `past_due`, `canceled`, `incomplete`, …).
 */
export const subscriptions = app
  .table(
    'subscriptions',
    {
      userId: uuid('user_id').primaryKey(),
      planId: text('plan_id').notNull().default('free'),
      status: text('status').notNull().default('active'),
      /** `monthly` | `yearly`; null on Free. */
      interval: text('interval'),
      /** `usd` | `cny`; null on Free. */
      currency: text('currency'),
      seats: integer('seats').notNull().default(1),
      currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
      cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
      stripeSubscriptionId: text('stripe_subscription_id').unique('subscriptions_stripe_subscription_id'),
      stripePriceId: text('stripe_price_id'),
      /** `created` of the newest Stripe event applied (Unix seconds): an older event never rolls the row back. */
      lastEventCreated: bigint('last_event_created', { mode: 'number' }),
      /**
       * Set when an admin gave the plan by hand (no Stripe): it is the user's plan until then, Free afterwards
       * (effectivePlanId()). Null for Free and for plans paid through Stripe.
       */
      complimentaryUntil: timestamp('complimentary_until', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => ownRows('subscriptions', ['select', 'insert']),
  )
  .enableRLS();

/** The one Stripe customer of each user, created before their first checkout so every webhook can find them. */
export const billingCustomers = app
  .table(
    'billing_customers',
    {
      userId: uuid('user_id').primaryKey(),
      stripeCustomerId: text('stripe_customer_id').notNull().unique('billing_customers_stripe_customer_id'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    () => ownRows('billing_customers', ['select']),
  )
  .enableRLS();

/** Stripe event ids already applied: a replayed event changes nothing. No policies: only the owner's connection. */
export const stripeEvents = app
  .table('stripe_events', {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    created: bigint('created', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  })
  .enableRLS();

/** Invoices as the webhook saw them (paid or failed), keyed by Stripe's invoice id; the billing page lists them. */
export const billingInvoices = app
  .table(
    'billing_invoices',
    {
      id: text('id').primaryKey(),
      userId: uuid('user_id').notNull(),
      stripeSubscriptionId: text('stripe_subscription_id'),
      status: text('status').notNull(),
      amountDue: integer('amount_due').notNull(),
      amountPaid: integer('amount_paid').notNull(),
      currency: text('currency').notNull(),
      billingReason: text('billing_reason'),
      hostedInvoiceUrl: text('hosted_invoice_url'),
      periodStart: timestamp('period_start', { withTimezone: true }),
      periodEnd: timestamp('period_end', { withTimezone: true }),
      created: timestamp('created', { withTimezone: true }).notNull(),
    },
    (table) => [index('billing_invoices_user_created').on(table.userId, table.created), ...ownRows('billing_invoices', ['select'])],
  )
  .enableRLS();

const allCommands = ['select', 'insert', 'update', 'delete'] as const;

/**
 * Papers a user saved, each with its whole record: the library keeps working when the corpus no longer has the
 * paper (re-imported, or a result from an online source). One row per user and paper id; tags and a note beside.
 */
export const libraryPapers = app
  .table(
    'library_papers',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      paperId: text('paper_id').notNull(),
      paper: jsonb('paper').$type<Paper>().notNull(),
      note: text('note').notNull().default(''),
      tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
      /** The last check of the record against the literature sources; null until checked. */
      verification: jsonb('verification').$type<LibraryVerdict>(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [unique('library_papers_user_paper').on(table.userId, table.paperId), ...ownRows('library_papers', allCommands)],
  )
  .enableRLS();

/** A user's named groups of saved papers. */
export const libraryCollections = app
  .table(
    'library_collections',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [unique('library_collections_user_name').on(table.userId, table.name), ...ownRows('library_collections', allCommands)],
  )
  .enableRLS();

/** Which saved paper is in which collection (a paper may be in several). */
export const libraryCollectionPapers = app
  .table(
    'library_collection_papers',
    {
      userId: uuid('user_id').notNull(),
      collectionId: uuid('collection_id')
        .notNull()
        .references(() => libraryCollections.id, { onDelete: 'cascade' }),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
    },
    (table) => [
      primaryKey({ columns: [table.collectionId, table.libraryPaperId] }),
      index('library_collection_papers_paper').on(table.libraryPaperId),
      ...ownRows('library_collection_papers', ['select', 'insert', 'delete']),
      // Foreign keys are checked past RLS: without this a user could file a saved paper into someone else's
      // collection by its id. Both ends of a new link must be the user's own.
      pgPolicy('library_collection_papers_insert_own_ends', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.library_collections c where c.id = collection_id and c.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();

/**
 * AI usage per user, AI app and UTC day, metered by the /api/ai/dify proxy from the runtime's own usage figures.
 * `total_tokens` also counts workflow runs, whose runtime reports only a total (no input/output split). Users
 * may read their rows and the proxy writes them as the user; nobody may delete them (the monthly quota
 * counts them).
 */
export const aiUsage = app
  .table(
    'ai_usage',
    {
      userId: uuid('user_id').notNull(),
      appId: text('app_id').notNull(),
      day: date('day', { mode: 'string' }).notNull(),
      messages: integer('messages').notNull().default(0),
      inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
      outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
      totalTokens: bigint('total_tokens', { mode: 'number' }).notNull().default(0),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.userId, table.day, table.appId] }),
      ...ownRows('ai_usage', ['select', 'insert', 'update']),
    ],
  )
  .enableRLS();

/**
 * AI messages admitted and still running: each holds one of the month's messages until its answer ends, so parallel
 * messages can never pass the plan's limit (docs/protocols/dify.md §5, rule 4). Admission counts `ai_usage` plus
 * the live holds under a per-user advisory lock and adds one; the end of the answer deletes the hold in the same
 * transaction that adds the message to `ai_usage` (or none, for an answer that failed or was stopped before its
 * first token). `expires_at` lets a hold left by a crashed server lapse on its own.
 */
export const aiMessageReservations = app
  .table(
    'ai_message_reservations',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      appId: text('app_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    },
    (table) => [index('ai_message_reservations_user').on(table.userId, table.expiresAt), ...ownRows('ai_message_reservations', ['select', 'insert', 'delete'])],
  )
  .enableRLS();

/**
 * Counted uses of a plan limit that is not counted elsewhere (AI messages are in ai_usage; library papers are
 * the library's rows): `searchesPerDay` per UTC day, `referenceChecksPerMonth` per UTC month (`period` is that
 * day, or the month's first day). Written as the user where the work happens; nobody may delete them.
 */
export const usageCounters = app
  .table(
    'usage_counters',
    {
      userId: uuid('user_id').notNull(),
      feature: text('feature').notNull(),
      period: date('period', { mode: 'string' }).notNull(),
      count: integer('count').notNull().default(0),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [primaryKey({ columns: [table.userId, table.feature, table.period] }), ...ownRows('usage_counters', ['select', 'insert', 'update'])],
  )
  .enableRLS();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Research notes: Markdown with `[@key]` citations of library papers. `version` counts saves, so a save from a
 * stale tab is refused (409) rather than silently overwriting a newer one. `search` is the full-text index of
 * title (A), tags (B) and body (C), computed on write with Chinese pre-segmented (features/notes/server/note-search.ts).
 */
export const notes = app
  .table(
    'notes',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: uuid('user_id').notNull(),
      title: text('title').notNull().default(''),
      body: text('body').notNull().default(''),
      tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
      version: integer('version').notNull().default(1),
      search: tsvector('search').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      index('notes_user_updated').on(table.userId, table.updatedAt),
      index('notes_search').using('gin', table.search),
      ...ownRows('notes', allCommands),
    ],
  )
  .enableRLS();

/** Which library papers a note is about, each with an optional page or passage ("p. 12", a quoted sentence). */
export const notePapers = app
  .table(
    'note_papers',
    {
      userId: uuid('user_id').notNull(),
      noteId: uuid('note_id')
        .notNull()
        .references(() => notes.id, { onDelete: 'cascade' }),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
      locator: text('locator').notNull().default(''),
      position: integer('position').notNull().default(0),
    },
    (table) => [
      primaryKey({ columns: [table.noteId, table.libraryPaperId] }),
      index('note_papers_paper').on(table.libraryPaperId),
      ...ownRows('note_papers', allCommands),
      // As for collections: foreign keys are checked past RLS, so both ends of a new link must be the user's own.
      pgPolicy('note_papers_insert_own_ends', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.notes n where n.id = note_id and n.user_id = app.current_user_id())
          and exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();

/**
 * PDFs (objects of the storage service's `files` bucket) attached to library papers. The link holds the object's
 * id, not its key: a rename or move in My files updates the object's row in place, so the link follows the file.
 * No foreign key to `storage.objects` (another owner's schema, possibly a hosted project's): the use cases check
 * the object as the user when attaching, and drop links whose object is gone when reading. Removing the paper
 * removes its links (cascade); removing a link never touches the file.
 */
export const libraryPaperFiles = app
  .table(
    'library_paper_files',
    {
      userId: uuid('user_id').notNull(),
      libraryPaperId: uuid('library_paper_id')
        .notNull()
        .references(() => libraryPapers.id, { onDelete: 'cascade' }),
      objectId: uuid('object_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.libraryPaperId, table.objectId] }),
      index('library_paper_files_user_object').on(table.userId, table.objectId),
      ...ownRows('library_paper_files', ['select', 'insert', 'delete']),
      // Foreign keys are checked past RLS: the paper of a new link must be the user's own.
      pgPolicy('library_paper_files_insert_own_paper', {
        as: 'restrictive',
        for: 'insert',
        to: authenticated,
        withCheck: sql`exists (select 1 from app.library_papers p where p.id = library_paper_id and p.user_id = app.current_user_id())`,
      }),
    ],
  )
  .enableRLS();

/**
 * Every admin action: who did what to whom, the state before and after, when and from which address. Append-only:
 * the migration revokes UPDATE and DELETE from `authenticated` and a trigger refuses them for everyone, so the
 * product never changes or removes a row — not even when the account it is about is deleted (the rows name the
 * account, they are not the account's data; see user-data.ts). RLS on and no policies: only the owner's
 * connection (the admin routes) reads and appends.
 */
export const adminAudit = app
  .table(
    'admin_audit',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
      /** Null when the action came from the command line (`npm run admin:grant`). */
      actorId: uuid('actor_id'),
      actorEmail: text('actor_email'),
      /** `user.ban`, `user.unban`, `user.delete`, `user.factor_delete`, `user.plan_give`, `role.grant`, … */
      action: text('action').notNull(),
      targetId: uuid('target_id'),
      targetEmail: text('target_email'),
      before: jsonb('before'),
      after: jsonb('after'),
      ip: text('ip'),
    },
    (table) => [index('admin_audit_at').on(table.at, table.id), index('admin_audit_target').on(table.targetId, table.at), index('admin_audit_action').on(table.action, table.at)],
  )
  .enableRLS();

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
