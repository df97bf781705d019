import 'server-only';
import type { User } from '@supabase/supabase-js';
import { createSupabaseAdminClient } from '@/lib/supabase/admin-client';
import { AppError } from '@/lib/errors';

export type AuthAccount = User & { banned_until?: string | null; deleted_at?: string | null };

/** The account as the auth service has it (service role), or `not_found`. */
export async function getAccountOrThrow(id: string): Promise<AuthAccount> {
  const admin = await createSupabaseAdminClient();
  const { data, error } = await admin.auth.admin.getUserById(id);
  if (error?.status === 404 || (!error && !data.user)) throw new AppError('not_found');
  if (error) throw new AppError('auth_unavailable', { cause: error });
  return data.user as AuthAccount;
}
