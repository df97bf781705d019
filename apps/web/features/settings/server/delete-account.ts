import 'server-only';
import { toAppError } from '@/features/auth/server/to-app-error';
import type { SessionUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { confirmationMatches, deletionPhrase } from '../schema';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { cancelSubscriptionForDeletion } from '@/features/billing/server/manage';
import { markUserSessions, unmarkUserSessions } from '@/lib/auth/session-state';
import { eraseUserData } from './erase-user-data';

/**
 * Deletes the signed-in user's account: checks the typed confirmation against the account as the auth service
 * has it now, cancels a paid subscription (at Stripe, or the local test mode's through its webhook events), then
 * removes everything kept for the user (eraseUserData: files, AI data, the product's rows) and soft-deletes the
 * account through the admin API (`auth.admin.deleteUser(id, true)`: sessions and factors end, addresses are
 * freed). An account with a verified second factor must have passed it in this session (aal2).
 *
 * From the start of the erasure every session of the account is refused (the session check's mark, on every
 * instance), so nothing new is written while the data goes; the erasure runs once more after the account is gone,
 * for whatever a request already past the check wrote meanwhile. If a step fails before the account is deleted,
 * the mark is lifted and the account stays, able to try again: the data goes first so that a failure part-way
 * never leaves rows that belong to no account.
 */
export async function deleteAccount(user: SessionUser, confirmation: string): Promise<{ deleted: true }> {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(user.id);
  if (error) throw error.status === 404 ? new AppError('unauthorized', { cause: error }) : toAppError(error);
  const account = data.user;
  if (!account) throw new AppError('unauthorized');
  if (user.aal !== 'aal2' && (account.factors ?? []).some((factor) => factor.status === 'verified')) throw new AppError('mfa_required');
  if (!confirmationMatches(confirmation, deletionPhrase(account))) {
    throw new AppError('validation_failed', { issues: [{ path: 'confirmation', code: 'confirmation_mismatch' }] });
  }
  await cancelSubscriptionForDeletion(user.id);
  await markUserSessions(user.id, 'deleted');
  try {
    await eraseUserData(admin, user.id);
    const { error: deleteError } = await admin.auth.admin.deleteUser(user.id, true);
    if (deleteError) throw toAppError(deleteError);
  } catch (failure) {
    await unmarkUserSessions(user.id);
    throw failure;
  }
  // The account is gone whatever happens now; a failure of this second pass is logged for the operator to rerun.
  await eraseUserData(admin, user.id).catch((failure: unknown) =>
    console.error(`[account] the second erasure pass for deleted account ${user.id} failed:`, failure),
  );
  return { deleted: true };
}
