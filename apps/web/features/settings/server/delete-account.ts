import 'server-only';
import { toAppError } from '@/features/auth/server/to-app-error';
import type { SessionUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { confirmationMatches, deletionPhrase } from '../schema';
import { createSupabaseAdminClient } from './admin-client';
import { cancelSubscriptionForDeletion } from '@/features/billing/server/manage';
import { removeUserFiles } from '@/features/files/server/remove-user-files';
import { removeUserData } from './user-data';

/**
 * Deletes the signed-in user's account: checks the typed confirmation against the account as the auth service
 * has it now, removes the user's data from the product's tables, then soft-deletes the account through the
 * admin API (`auth.admin.deleteUser(id, true)`: sessions and factors end, addresses are freed). Stored files
 * (the `files` and `avatars` buckets) go first, then the rows. The data goes
 * first, so a failure part-way leaves an account that can try again rather than rows nobody can reach.
 * A paid subscription is canceled first (at Stripe, or the local test mode's through its webhook events).
 * An account with a verified second factor must have passed it in this session (aal2).
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
  await removeUserFiles(admin, user.id);
  await removeUserData(user.id);
  const { error: deleteError } = await admin.auth.admin.deleteUser(user.id, true);
  if (deleteError) throw toAppError(deleteError);
  return { deleted: true };
}
