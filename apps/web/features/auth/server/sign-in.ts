import 'server-only';
import type { Session, User } from '@supabase/supabase-js';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import type { SignInInput } from '../schema';
import { toAppError } from './to-app-error';

export type SignInResult = {
  user: User;
  session: Pick<Session, 'access_token' | 'refresh_token' | 'expires_in' | 'expires_at' | 'token_type'>;
  /** Verified second factors: when there are any, the session is aal1 until one of them is challenged. */
  mfa: { required: boolean; factors: { id: string; type: string; name: string | null }[] };
};

/** Password sign-in with an email or a phone; the session cookies are written on the response. */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  const supabase = await createSupabaseServerClient();
  const password = input.password!;
  const { data, error } = await supabase.auth.signInWithPassword(input.email ? { email: input.email, password } : { phone: input.phone!, password });
  if (error) throw toAppError(error);
  const factors = (data.user.factors ?? []).filter((factor) => factor.status === 'verified');
  const { access_token, refresh_token, expires_in, expires_at, token_type } = data.session;
  return {
    user: data.user,
    session: { access_token, refresh_token, expires_in, expires_at, token_type },
    mfa: {
      required: factors.length > 0,
      factors: factors.map((factor) => ({ id: factor.id, type: factor.factor_type, name: factor.friendly_name ?? null })),
    },
  };
}
