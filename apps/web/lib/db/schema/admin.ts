// The admin area's append-only audit log.
import { bigserial, index, jsonb, text, timestamp, uuid } from '@citewise/db/pg-core';
import { app } from './app';

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
    (table) => [
      index('admin_audit_at').on(table.at, table.id),
      index('admin_audit_target').on(table.targetId, table.at),
      index('admin_audit_action').on(table.action, table.at),
    ],
  )
  .enableRLS();
