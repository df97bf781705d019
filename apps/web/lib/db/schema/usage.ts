// Metered use: AI usage per app and day, and the counters of the other plan limits.
import { bigint, date, index, integer, primaryKey, text, timestamp, uuid } from '@citewise/db/pg-core';
import { app, ownRows } from './app';

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
    (table) => [primaryKey({ columns: [table.userId, table.day, table.appId] }), ...ownRows('ai_usage', ['select', 'insert', 'update'])],
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
