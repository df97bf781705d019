import 'server-only';
import { and, count, eq, gte, sql } from '@citewise/db/orm';
import { monthStart } from '@/features/entitlements/server/usage-period';
import { appDatabase } from '@/lib/db/database';
import { aiUsage, libraryPapers, usageCounters } from '@/lib/db/schema';
import { summarizeUser, type AdminUserSummary } from '../user-summary';
import { listAudit, type AuditRow } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';
import { plansOf } from './user-plans';
import { listSessions, type AdminSession } from './user-sessions';

export type AdminUserDetail = AdminUserSummary & {
  email_confirmed_at: string | null;
  deleted_at: string | null;
  identities: { id: string; provider: string; email: string | null; created_at: string | null; last_sign_in_at: string | null }[];
  factors: { id: string; type: string; name: string | null; status: string; created_at: string }[];
  /** Null when the auth service keeps its tables in another database. */
  sessions: AdminSession[] | null;
  usage: { month: string; ai_messages: number; ai_tokens: number; reference_checks: number; library_papers: number };
  audit: AuditRow[];
};

/** Everything the user page shows about one account; the product's rows are read as their owner, not as the user. */
export async function getUserDetail(id: string, now = new Date()): Promise<AdminUserDetail> {
  const account = await getAccountOrThrow(id);
  const { db } = await appDatabase();
  const month = monthStart(now);
  const [plans, [ai], [checks], [library], audit, sessions] = await Promise.all([
    plansOf([id]),
    db
      .select({ messages: sql<number>`coalesce(sum(${aiUsage.messages}), 0)::int`, tokens: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)::bigint` })
      .from(aiUsage)
      .where(and(eq(aiUsage.userId, id), gte(aiUsage.day, month))),
    db
      .select({ count: sql<number>`coalesce(sum(${usageCounters.count}), 0)::int` })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, id), eq(usageCounters.feature, 'referenceChecksPerMonth'), eq(usageCounters.period, month))),
    db.select({ count: count() }).from(libraryPapers).where(eq(libraryPapers.userId, id)),
    listAudit({ page: 1, per_page: 20, target: id }),
    listSessions(id),
  ]);
  return {
    ...summarizeUser(account, plans.get(id) ?? { id: 'free', complimentary_until: null }),
    email_confirmed_at: account.email_confirmed_at ?? null,
    deleted_at: account.deleted_at ?? null,
    identities: (account.identities ?? []).map((identity) => ({
      id: identity.identity_id ?? identity.id,
      provider: identity.provider,
      email: typeof identity.identity_data?.email === 'string' ? identity.identity_data.email : null,
      created_at: identity.created_at ?? null,
      last_sign_in_at: identity.last_sign_in_at ?? null,
    })),
    factors: (account.factors ?? []).map((factor) => ({
      id: factor.id,
      type: factor.factor_type,
      name: factor.friendly_name ?? null,
      status: factor.status,
      created_at: factor.created_at,
    })),
    sessions,
    usage: {
      month,
      ai_messages: Number(ai?.messages ?? 0),
      ai_tokens: Number(ai?.tokens ?? 0),
      reference_checks: Number(checks?.count ?? 0),
      library_papers: Number(library?.count ?? 0),
    },
    audit: audit.entries,
  };
}
