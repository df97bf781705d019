// Test harness: a fresh database with the auth and storage schemas, both services, and the real supabase-js client
// talking to them through their `fetch` (no port needed; the HTTP handling is the same as behind the web server).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { createAuthService, loadAuthConfig, migrations as authMigrations, type AuthService } from '@citewise/platform-auth';
import { createStorageService, loadStorageConfig, migrations, type StorageService, type StorageServiceOptions } from '../src/index';

export const SITE = 'http://localhost:3000';
export const URL_BASE = `${SITE}/platform`;
export const STORAGE = `${URL_BASE}/storage/v1`;

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available in this test');
  }
}

export interface Harness {
  auth: AuthService;
  storage: StorageService;
  database: DatabaseHandle;
  dataDir: string;
  fetch: typeof fetch;
  anonKey: string;
  serviceRoleKey: string;
  anon(): SupabaseClient;
  admin(): SupabaseClient;
  /** A new signed-up user and a client holding their session. */
  user(): Promise<{ id: string; client: SupabaseClient; token: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startStorage(
  env: Record<string, string> = {},
  options: Pick<StorageServiceOptions, 'quota' | 'sessionActive'> | ((auth: AuthService) => Pick<StorageServiceOptions, 'quota' | 'sessionActive'>) = {},
): Promise<Harness> {
  const database = await createTestDatabase([authMigrations, migrations]);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citewise-storage-test-'));
  const auth = await createAuthService({
    db: database.db,
    config: loadAuthConfig({ SITE_URL: SITE, AUTH_RATE_LIMIT_DISABLED: 'true', AUTH_MAILER_AUTOCONFIRM: 'true' }),
    basePath: '/platform',
  });
  const storage = await createStorageService({
    db: database.db,
    jwtKeys: auth.keys.verifyKeys,
    dataDir,
    basePath: '/platform',
    config: loadStorageConfig(env),
    // Hooks that need the auth service (a session check) are made once it exists.
    ...(typeof options === 'function' ? options(auth) : options),
  });
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    return new URL(request.url).pathname.startsWith('/platform/storage/') ? storage.fetch(request) : auth.fetch(request);
  };
  const make = (key: string) => {
    const store = new Map<string, string>();
    return createClient(URL_BASE, key, {
      auth: {
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
        storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
      },
      global: { fetch: fetchImpl },
      realtime: { transport: NoRealtime as never },
    });
  };
  return {
    auth,
    storage,
    database,
    dataDir,
    fetch: fetchImpl,
    anonKey: auth.keys.anonKey,
    serviceRoleKey: auth.keys.serviceRoleKey,
    anon: () => make(auth.keys.anonKey),
    admin: () => make(auth.keys.serviceRoleKey),
    async user() {
      const client = make(auth.keys.anonKey);
      const email = `reader.${Date.now().toString(36)}.${counter++}@example.com`;
      const { data, error } = await client.auth.signUp({ email, password: 'correct-Horse-7-battery' });
      if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
      return { id: data.user!.id, client, token: data.session.access_token };
    },
    async close() {
      await auth.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
