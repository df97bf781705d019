import 'server-only';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/lib/env';
import { embeddedAuthFetch } from '@/lib/platform/auth-fetch';
import { platform } from '@/lib/platform/services';
import { NoRealtime } from '@/lib/supabase/no-realtime';

/**
 * supabase-js with the service-role key, for the few server-side admin calls (deleting an account). The key
 * never leaves the server: with the embedded service it is the one the service generated, with a hosted
 * project SUPABASE_SERVICE_ROLE_KEY. It keeps no session of its own.
 */
export async function createSupabaseAdminClient(): Promise<SupabaseClient> {
  const options = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  };
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('SUPABASE_SERVICE_ROLE_KEY is required with SUPABASE_URL to delete accounts.');
    return createClient(env.SUPABASE_URL.replace(/\/+$/, ''), env.SUPABASE_SERVICE_ROLE_KEY, options);
  }
  const { auth } = await platform();
  // The embedded service answers in this process; the host is never contacted.
  return createClient('http://localhost/platform', auth.keys.serviceRoleKey, { ...options, global: { fetch: embeddedAuthFetch(null) } });
}
