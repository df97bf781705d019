import 'server-only';
import { and, count, desc, eq, type SQL } from '@citewise/db/orm';
import { appDatabase } from '@/lib/db/database';
import { adminAudit } from '@/lib/db/schema';
import type { ListAuditInput } from '../schema';

export type AuditEntry = {
  actor: { id: string | null; email: string | null };
  action: string;
  target: { id: string | null; email: string | null };
  before?: unknown;
  after?: unknown;
  ip: string | null;
};

/** Appends one entry. Rows are never updated or deleted (the table refuses it; see schema.ts). */
export async function appendAudit(entry: AuditEntry): Promise<void> {
  const { db } = await appDatabase();
  await db.insert(adminAudit).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetId: entry.target.id,
    targetEmail: entry.target.email,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}

export type AuditRow = {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_id: string | null;
  target_email: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** The log newest first, one page at a time, optionally for one action or one account. */
export async function listAudit(
  input: Pick<ListAuditInput, 'page' | 'per_page' | 'action' | 'target'>,
): Promise<{ entries: AuditRow[]; total: number; page: number; per_page: number }> {
  const { db } = await appDatabase();
  const filters: SQL[] = [];
  if (input.action) filters.push(eq(adminAudit.action, input.action));
  if (input.target) filters.push(eq(adminAudit.targetId, input.target));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.at), desc(adminAudit.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    db.select({ total: count() }).from(adminAudit).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      target_id: row.targetId,
      target_email: row.targetEmail,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    total: Number(totals[0]?.total ?? 0),
    page: input.page,
    per_page: input.per_page,
  };
}

const csvColumns = ['at', 'actor_email', 'actor_id', 'action', 'target_email', 'target_id', 'before', 'after', 'ip'] as const;

/** One CSV field: quoted, quotes doubled, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function auditCsv(entries: AuditRow[]): string {
  const lines = [csvColumns.join(','), ...entries.map((entry) => csvColumns.map((column) => csvField(entry[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
