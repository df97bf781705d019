import 'server-only';
import type { User } from '@supabase/supabase-js';
import { AppError } from '@/lib/errors';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { toAppError } from '@/features/auth/server/to-app-error';

export type AccountSummary = {
  email: string | null;
  phone: string | null;
  name: string | null;
  providers: string[];
  createdAt: string;
  verifiedFactors: number;
};

/** The signed-in user's account as the auth service has it now (not as the session cookie remembers it). */
export async function getAccount(): Promise<AccountSummary> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.getUser();
  if (error) throw toAppError(error);
  if (!data.user) throw new AppError('unauthorized');
  return summarize(data.user);
}

function summarize(user: User): AccountSummary {
  const metadata = user.user_metadata ?? {};
  const name = typeof metadata.full_name === 'string' ? metadata.full_name : typeof metadata.name === 'string' ? metadata.name : null;
  const providers = Array.isArray(user.app_metadata?.providers) ? (user.app_metadata.providers as string[]) : [];
  return {
    email: user.email || null,
    phone: user.phone ? `+${user.phone}` : null,
    name,
    providers,
    createdAt: user.created_at,
    verifiedFactors: (user.factors ?? []).filter((factor) => factor.status === 'verified').length,
  };
}
