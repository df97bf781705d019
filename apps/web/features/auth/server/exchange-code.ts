import 'server-only';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { toAppError } from './to-app-error';

/**
 * Finishes a PKCE flow (a mailed link or OAuth): trades the one-time code and the verifier kept in this
 * browser's cookie for a session, written to the session cookie.
 */
export async function exchangeCode(code: string): Promise<{ userId: string }> {
  const supabase = await createSupabaseServerClient();
  const { data, error } = await supabase.auth.exchangeCodeForSession(code);
  if (error) throw toAppError(error);
  return { userId: data.user.id };
}
