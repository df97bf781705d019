// Test harness: a fresh database and auth service per test file, and the real supabase-js client talking to
// it through its `fetch` (no port needed; the HTTP handling is the same as behind the web server).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { createAuthService, loadAuthConfig, migrations, type AuthService } from '../src/index';

export const SITE = 'http://localhost:3000';
export const URL_BASE = `${SITE}/platform`;
export const AUTH = `${URL_BASE}/auth/v1`;

/** Realtime is never used here; constructing the client must not need a WebSocket (Node 20 has none). */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available in this test');
  }
}

export interface Harness {
  service: AuthService;
  database: DatabaseHandle;
  fetch: typeof fetch;
  anonKey: string;
  serviceRoleKey: string;
  /** `address` is the client address the requests come from (X-Forwarded-For), e.g. for rate limits. */
  client(options?: { flowType?: 'implicit' | 'pkce'; storage?: Map<string, string>; address?: string }): SupabaseClient;
  admin(): SupabaseClient;
  mailbox(to: string): Promise<MailboxMessage[]>;
  lastMessage(to: string): Promise<MailboxMessage>;
  close(): Promise<void>;
}

export interface MailboxMessage {
  id: string;
  to: string;
  channel: 'email' | 'sms';
  type: string;
  subject: string;
  text: string;
  token: string;
  token_hash: string | null;
  link: string | null;
}

export async function startAuth(env: Record<string, string> = {}, options: { rateLimitKeyPrefix?: string } = {}): Promise<Harness> {
  const database = await createTestDatabase([migrations]);
  const config = loadAuthConfig({ SITE_URL: SITE, AUTH_RATE_LIMIT_DISABLED: 'true', ...env });
  const service = await createAuthService({ db: database.db, config, basePath: '/platform', ...options });
  let ip = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    // A stable client address per harness, as the web server's proxy would add it.
    if (!request.headers.has('x-forwarded-for')) request.headers.set('x-forwarded-for', `10.0.0.${ip}`);
    return service.fetch(request);
  };
  const make = (key: string, options: { flowType?: 'implicit' | 'pkce'; storage?: Map<string, string>; address?: string } = {}) => {
    const storage = options.storage ?? new Map<string, string>();
    return createClient(URL_BASE, key, {
      auth: {
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
        flowType: options.flowType ?? 'implicit',
        storage: {
          getItem: (k) => storage.get(k) ?? null,
          setItem: (k, v) => void storage.set(k, v),
          removeItem: (k) => void storage.delete(k),
        },
      },
      global: { fetch: fetchImpl, headers: options.address ? { 'x-forwarded-for': options.address } : {} },
      realtime: { transport: NoRealtime as never },
    });
  };
  const mailbox = async (to: string) => {
    // The mailbox opens only to key holders; the tests hold the service-role key.
    const response = await fetchImpl(`${URL_BASE}/mailbox/api/messages?to=${encodeURIComponent(to)}`, {
      headers: { apikey: service.keys.serviceRoleKey, authorization: `Bearer ${service.keys.serviceRoleKey}` },
    });
    if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
    return (await response.json()) as MailboxMessage[];
  };
  return {
    service,
    database,
    fetch: fetchImpl,
    anonKey: service.keys.anonKey,
    serviceRoleKey: service.keys.serviceRoleKey,
    client: (options) => make(service.keys.anonKey, options),
    admin: () => make(service.keys.serviceRoleKey),
    mailbox,
    async lastMessage(to) {
      const [latest] = await mailbox(to);
      if (!latest) throw new Error(`no message for ${to}`);
      return latest;
    },
    close: async () => {
      await service.close();
      await database.close();
    },
    set clientIp(value: number) {
      ip = value;
    },
  } as Harness;
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;
export const STRONG = 'correct-Horse-7-battery';
