// `@/lib/supabase/server` in the web API tests: the server's session client is a browser's, without cookies, talking
// to the in-process auth service (a route that signs in, as /api/auth/confirm, gets a session of its own each time).
import type { SupabaseClient } from '@supabase/supabase-js';
import { state } from '../web-api';

export async function createSupabaseServerClient(): Promise<SupabaseClient> {
  if (!state.api) throw new Error('createSupabaseServerClient() before setUpWebApi()');
  return state.api.client();
}
