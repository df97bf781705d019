import 'server-only';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { markUserSessions } from '@/lib/auth/session-state';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

/**
 * Soft-deletes an account (`should_soft_delete`): its sessions and factors end, its addresses are freed, the row
 * stays in the auth service for the record. The product's data of the account stays until the person asks for
 * erasure; that is the account owner's own "delete account" path.
 */
export async function deleteUser(actor: Actor, id: string) {
  const before = await getAccountOrThrow(id);
  if (before.id === actor.user.id) throw new AppError('own_account', { message: 'You cannot delete your own account here' });
  if (before.deleted_at) throw new AppError('conflict', { message: 'The account is already deleted' });
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.admin.deleteUser(id, true);
  if (error) throw new AppError('auth_unavailable', { cause: error });
  await markUserSessions(id, 'deleted');
  await appendAudit({
    actor: actorOf(actor),
    action: 'user.delete',
    target: { id, email: before.email ?? null },
    before: { email: before.email ?? null, phone: before.phone ?? null, deleted_at: null },
    after: { soft: true },
    ip: actor.ip,
  });
  return { id, deleted: true };
}
