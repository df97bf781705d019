import 'server-only';
import type { Provider } from '@supabase/supabase-js';
import { AppError } from '@/lib/errors';
import { createSupabaseServerClient } from '@/lib/supabase/server';
import { getAuthConfig } from './get-auth-config';
import { toAppError } from './to-app-error';

/**
 * Starts OAuth sign-in (PKCE): returns the auth service's authorize URL as a path on this site when the
 * service is embedded, so the browser stays on the host it used. The code verifier goes into a cookie.
 */
export async function startOAuth(provider: string, request: { origin: string; next: string }): Promise<string> {
  const config = await getAuthConfig();
  if (!config.providers.some((enabled) => enabled.id === provider)) throw new AppError('provider_disabled');
  const supabase = await createSupabaseServerClient();
  const callback = new URL('/api/auth/oauth/callback', request.origin);
  callback.searchParams.set('next', request.next);
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: provider as Provider,
    options: { redirectTo: callback.toString(), skipBrowserRedirect: true },
  });
  if (error || !data.url) throw error ? toAppError(error) : new AppError('auth_unavailable');
  const url = new URL(data.url);
  return config.url ? url.toString() : `${url.pathname}${url.search}`;
}
