import 'server-only';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { AppError } from '@/lib/errors';
import { actorOf, type Actor } from './actor';
import { appendAudit } from './audit';
import { getAccountOrThrow } from './get-account-or-throw';

/** Removes one two-step factor of an account (someone who lost their authenticator); their other sign-ins stay. */
export async function deleteFactor(actor: Actor, userId: string, factorId: string) {
  const account = await getAccountOrThrow(userId);
  const factor = (account.factors ?? []).find((candidate) => candidate.id === factorId);
  if (!factor) throw new AppError('not_found');
  const admin = await createSupabaseAdminClient();
  const { error } = await admin.auth.admin.mfa.deleteFactor({ id: factorId, userId });
  if (error) throw new AppError(error.status === 404 ? 'not_found' : 'auth_unavailable', { cause: error });
  await appendAudit({
    actor: actorOf(actor),
    action: 'user.factor_delete',
    target: { id: userId, email: account.email ?? null },
    before: { factor: { id: factor.id, type: factor.factor_type, name: factor.friendly_name ?? null, status: factor.status } },
    after: null,
    ip: actor.ip,
  });
  return { id: factorId, deleted: true };
}
