import 'server-only';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { markUserSessions, unmarkUserSessions } from '@/lib/auth/session-state';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

/**
 * Bans an account for a Go duration (`24h`), or lifts the ban (`none`). A banned account cannot sign in or refresh
 * its session (the auth service refuses it), and its tokens still valid are refused by the product at once. An admin cannot ban themselves out of the area.
 */
export async function banUser(actor: Actor, id: string, banDuration: string) {
  const before = await getAccountOrThrow(id);
  if (before.id === actor.user.id && banDuration !== 'none') throw new AppError('own_account', { message: 'You cannot ban your own account' });
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.updateUserById(id, { ban_duration: banDuration });
  if (error) throw new AppError(error.status === 400 ? 'validation_failed' : 'auth_unavailable', { cause: error });
  const after = data.user as typeof before;
  // Sessions already checked in the last seconds are refused now too, on every instance.
  if (banDuration === 'none') await unmarkUserSessions(id);
  else await markUserSessions(id, 'suspended');
  await appendAudit({
    actor: actorOf(actor),
    action: banDuration === 'none' ? 'user.unban' : 'user.ban',
    target: { id, email: before.email ?? null },
    before: { banned_until: before.banned_until ?? null },
    after: { banned_until: after.banned_until ?? null, ban_duration: banDuration },
    ip: actor.ip,
  });
  return { id, banned_until: after.banned_until ?? null };
}
