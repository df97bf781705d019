import 'server-only';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/lib/env';
import { embeddedAuthFetch } from '@/lib/platform/auth-fetch';
import { platform } from '@/lib/platform/services';
import { NoRealtime } from '@/lib/supabase/no-realtime';

/** Where the service role reaches the auth service: the hosted project, or the embedded service in this process. */
export async function adminAuthSettings(): Promise<{ url: string; serviceRoleKey: string; fetch?: typeof fetch }> {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('SUPABASE_SERVICE_ROLE_KEY is required with SUPABASE_URL for account deletion and the admin area.');
    return { url: env.SUPABASE_URL.replace(/\/+$/, ''), serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY };
  }
  const { auth } = await platform();
  // The embedded service answers in this process; the host is never contacted.
  return { url: 'http://localhost/platform', serviceRoleKey: auth.keys.serviceRoleKey, fetch: embeddedAuthFetch(null) };
}

/**
 * supabase-js with the service-role key, for server-side admin calls (deleting an account, the admin area). The
 * key never leaves the server: with the embedded service it is the one the service generated, with a hosted
 * project SUPABASE_SERVICE_ROLE_KEY. It keeps no session of its own.
 */
export async function createSupabaseAdminClient(): Promise<SupabaseClient> {
  const settings = await adminAuthSettings();
  return createClient(settings.url, settings.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: settings.fetch ? { fetch: settings.fetch } : {},
  });
}
