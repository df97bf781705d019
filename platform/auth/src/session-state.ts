// Whether an access token's session may still act: the check GoTrue makes on every authenticated call (the user
// exists, is not banned, and the token's session still exists), as one prepared statement, for hosts that verify
// tokens themselves (the product, the storage service) and must notice a session that ended before its token expires.
import { queryPrepared, type Database } from '@citewise/db';
import { sql } from '@citewise/db/orm';

/**
 * `active`, or why not, in GoTrue's error codes: the session was deleted (signed out, everywhere or elsewhere; a
 * password set by an admin; refresh-token reuse), the user is banned, or the user was deleted.
 */
export type SessionState = 'active' | 'session_not_found' | 'user_banned' | 'user_not_found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * The state of `userId`'s session `sessionId` now. A token without a session id (or the nil one) is checked for its
 * user only, as GoTrue does.
 */
export async function sessionState(db: Pick<Database, 'execute'>, userId: string, sessionId: string | null): Promise<SessionState> {
  if (!UUID.test(userId)) return 'user_not_found';
  const session = sessionId && sessionId !== NIL ? sessionId : null;
  if (session !== null && !UUID.test(session)) return 'session_not_found';
  const [row] = await queryPrepared<{ deleted: boolean; banned: boolean; session: boolean }>(
    db,
    'auth_session_state',
    sql`select u.deleted_at is not null as deleted,
               coalesce(u.banned_until > now(), false) as banned,
               (${session}::uuid is null or exists (select 1 from auth.sessions s where s.id = ${session}::uuid and s.user_id = u.id)) as session
        from auth.users u where u.id = ${userId}::uuid`,
  );
  if (!row || isTrue(row.deleted)) return 'user_not_found';
  if (isTrue(row.banned)) return 'user_banned';
  return isTrue(row.session) ? 'active' : 'session_not_found';
}

// queryPrepared hands booleans over as the driver gives them (true, or 't' as text).
const isTrue = (value: unknown) => value === true || value === 't' || value === 'true';
