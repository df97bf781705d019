import 'server-only';
import type { User } from '@supabase/supabase-js';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import type { SessionUser } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { isAdminAccount } from './admin-role';

/**
 * Where a request stands with the admin area. `mfa_challenge`: the account has a factor but this session has not
 * passed it (aal1); `mfa_enrol`: ADMIN_REQUIRE_MFA and the account has no verified factor yet.
 */
export type AdminAccess =
  { status: 'signed_out' } | { status: 'forbidden' | 'mfa_challenge' | 'mfa_enrol'; user: SessionUser } | { status: 'ok'; user: SessionUser; account: User };

export type AdminPolicy = { adminEmails: readonly string[]; requireMfa: boolean };

export const adminPolicy = (): AdminPolicy => ({ adminEmails: env.ADMIN_EMAILS, requireMfa: env.ADMIN_REQUIRE_MFA });

/**
 * The admin check behind every admin page and route. The role is read fresh from the auth service (service role),
 * not from the access token: a revoked admin or a ban takes effect on the next request, not when the token expires.
 */
export async function adminAccess(user: SessionUser | null, policy: AdminPolicy = adminPolicy()): Promise<AdminAccess> {
  if (!user) return { status: 'signed_out' };
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(user.id);
  if (error?.status === 404 || (!error && !data.user)) return { status: 'signed_out' };
  if (error) throw error;
  const account = data.user;
  if (!isAdminAccount(account, policy.adminEmails)) return { status: 'forbidden', user };
  if (user.aal !== 'aal2') {
    // As on the dashboard, an account with a factor passes it first; ADMIN_REQUIRE_MFA also demands one exists.
    const verified = (account.factors ?? []).some((factor) => factor.status === 'verified');
    if (verified) return { status: 'mfa_challenge', user };
    if (policy.requireMfa) return { status: 'mfa_enrol', user };
  }
  return { status: 'ok', user, account };
}
