// For tests: supabase-js as a browser uses it, with its own session store, talking to the embedded auth and storage
// services in process (no HTTP server): `/platform/storage/…` goes to storage, everything else to auth.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { NoRealtime } from './no-realtime';

type Service = { fetch(request: Request): Promise<Response> };

export function inProcessClient(options: { anonKey: string; auth: Service; storage: Service; site?: string }): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(`${options.site ?? 'http://localhost:3000'}/platform`, options.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
    global: {
      fetch: (input, init) => {
        const request = new Request(input, init);
        return new URL(request.url).pathname.startsWith('/platform/storage/') ? options.storage.fetch(request) : options.auth.fetch(request);
      },
    },
    realtime: { transport: NoRealtime as never },
  });
}
