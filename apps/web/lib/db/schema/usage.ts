// Metered use: AI usage per app and day, and the counters of the other plan limits.
import { bigint, date, integer, primaryKey, text, timestamp, uuid } from '@citewise/db/pg-core';
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
    (table) => [
      primaryKey({ columns: [table.userId, table.day, table.appId] }),
      ...ownRows('ai_usage', ['select', 'insert', 'update']),
    ],
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
