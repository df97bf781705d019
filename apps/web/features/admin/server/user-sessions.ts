import 'server-only';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { appDatabase } from '@/lib/db/database';
import { markSessionEnded } from '@/lib/auth/session-state';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

export type AdminSession = {
  id: string;
  created_at: string;
  /** When its refresh token was last used (the session was last active), or null if never refreshed. */
  refreshed_at: string | null;
  user_agent: string | null;
  ip: string | null;
  aal: string;
};

type Row = { id: string; created_at: Date | string; refreshed_at: Date | string | null; user_agent: string | null; ip: string | null; aal: string | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const toSession = (row: Row): AdminSession => ({
  id: row.id,
  created_at: iso(row.created_at)!,
  refreshed_at: iso(row.refreshed_at),
  user_agent: row.user_agent || null,
  ip: row.ip || null,
  aal: row.aal ?? 'aal1',
});

// GoTrue's admin API has no sessions endpoint (and signing a user out needs one of their own tokens), so sessions
// are read and ended in `auth.sessions` directly — possible when the auth service keeps its tables in this
// database, as the embedded service and a Supabase project's database do (the overview and the filtered users list
// read them the same way). Deleting a session row ends it at once: its refresh tokens go with it (foreign key with
// cascade) and the auth service refuses access tokens whose `session_id` no longer exists.
const columns = sql`id, created_at, refreshed_at, user_agent, ip::text as ip, aal::text as aal`;

/** The account's sessions, most recently used first; null when the auth tables live in another database. */
export async function listSessions(userId: string): Promise<AdminSession[] | null> {
  const { db } = await appDatabase();
  try {
    const rows = await queryRows<Row>(
      db,
      sql`select ${columns} from auth.sessions where user_id = ${userId}::uuid order by coalesce(refreshed_at, created_at) desc, id limit 100`,
    );
    return rows.map(toSession);
  } catch {
    return null;
  }
}

async function deleteSessions(userId: string, sessionId: string | null): Promise<AdminSession[]> {
  const { db } = await appDatabase();
  const only = sessionId ? sql`and id = ${sessionId}::uuid` : sql``;
  try {
    const rows = await queryRows<Row>(db, sql`delete from auth.sessions where user_id = ${userId}::uuid ${only} returning ${columns}`);
    // Answers of the session check kept from before are dropped, so the ended sessions are refused at once.
    for (const row of rows) await markSessionEnded(userId, row.id);
    return rows.map(toSession);
  } catch (error) {
    throw new AppError('auth_unavailable', { cause: error });
  }
}

/** Ends one session of the account (that device is signed out at its next request). */
export async function revokeSession(actor: Actor, userId: string, sessionId: string) {
  const account = await getAccountOrThrow(userId);
  const [ended] = await deleteSessions(userId, sessionId);
  if (!ended) throw new AppError('not_found');
  await appendAudit({
    actor: actorOf(actor),
    action: 'user.session_revoke',
    target: { id: userId, email: account.email ?? null },
    before: { session: ended },
    after: null,
    ip: actor.ip,
  });
  return { revoked: 1 };
}

/** Ends every session of the account: signed out everywhere (they can sign in again unless banned). */
export async function revokeAllSessions(actor: Actor, userId: string) {
  const account = await getAccountOrThrow(userId);
  const ended = await deleteSessions(userId, null);
  await appendAudit({
    actor: actorOf(actor),
    action: 'user.sessions_revoke',
    target: { id: userId, email: account.email ?? null },
    before: { sessions: ended.length },
    after: { sessions: 0 },
    ip: actor.ip,
  });
  return { revoked: ended.length };
}
