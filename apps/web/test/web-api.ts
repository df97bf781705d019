// The harness of the web app's API tests: route handlers called in this process against a real database (PGlite, or
// a fresh database on TEST_DATABASE_URL) and, when a test needs them, the real auth, storage and AI services built on
// it, as production builds them (docs/conventions.md §4). Who is signed in is the one thing set by hand.
//
// A test file mocks the three modules that reach those from the app with the modules of `test/mocks/`, which answer
// from this harness (vi.mock is hoisted to the top of the file that calls it, so those lines stay in the test file),
// then calls setUpWebApi() and imports the routes:
//
//   vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
//   vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
//   vi.mock('@/lib/platform/services', () => import('@/test/mocks/platform'));   // with services only
//   const api = setUpWebApi({ auth: {}, storage: {} });
//   const notesRoute = await import('@/app/api/notes/route');
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseHandle, MigrationSet } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { migrations as aiMigrations, type AiService } from '@citewise/platform-ai';
import { createAuthService, loadAuthConfig, migrations as authMigrations, type AuthService } from '@citewise/platform-auth';
import { createStorageService, loadStorageConfig, migrations as storageMigrations, type StorageService } from '@citewise/platform-storage';
import { refreshStatistics, upsertPapers, type Paper } from '@citewise/scholar';
import { migrations as scholarMigrations } from '@citewise/scholar/migrations';
import type { SessionUser } from '@/lib/auth/session';
import { migrations as appMigrations } from '@/lib/db/migrations';
import { NoRealtime } from '@/lib/supabase/no-realtime';
import { inProcessClient } from '@/lib/supabase/test-client';
import { PASSWORD, sessionUser } from './fixtures/users';

/** The origin the in-process services believe they serve (links in mails, the storage URLs). */
export const SITE = 'http://localhost:3000';

export interface WebApiOptions {
  /** The auth service, with these settings added to the test defaults (rate limits off, addresses confirmed at sign-up). */
  auth?: Record<string, string>;
  /** The storage service (needs `auth`), with these settings, and the per-owner quota the product gives it. */
  storage?: { env?: Record<string, string>; quota?: (handle: DatabaseHandle) => (ownerId: string) => Promise<number | null> };
  /** The AI runtime, built by the test on the database (its migrations are added); `aiPlatform()` answers it. */
  ai?: (handle: DatabaseHandle) => Promise<AiService>;
  /** Papers put in the local corpus (the scholar tables, statistics refreshed) before the tests: what search finds. */
  corpus?: Paper[];
  /** The migrations, when a test needs fewer than the services' plus the scholar and app schemas (or none). */
  migrations?: MigrationSet[];
  /** Runs after the services started, before the tests (e.g. a local Stripe or LLM server); its return is awaited. */
  setup?: () => Promise<void> | void;
  /** Runs before the database closes. */
  teardown?: () => Promise<void> | void;
  /** How long starting may take (migrations and services on a busy machine). */
  timeout?: number;
}

interface State {
  /** The test file's harness, for mocks that need more than a value (a browser's client). */
  api?: WebApi;
  handle?: DatabaseHandle;
  auth?: AuthService;
  storage?: StorageService;
  ai?: AiService;
  signedIn: SessionUser | null;
}

/** What the mocks of `test/mocks/` answer: one test file's database, services and signed-in user. */
export const state: State = { signedIn: null };

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`setUpWebApi: no ${what} (not asked for, or read before beforeAll ran)`);
  return value;
}

export interface WebApi {
  readonly handle: DatabaseHandle;
  readonly auth: AuthService;
  readonly storage: StorageService;
  readonly ai: AiService;
  /** The user the routes see (`currentUser()`), or null for a signed-out request. */
  readonly signedIn: SessionUser | null;
  signIn(user: SessionUser | null): void;
  /** supabase-js as a browser uses it, with its own session, talking to the in-process auth and storage services. */
  client(): SupabaseClient;
  /** supabase-js with the service role, as the product's server uses it for the auth service's admin API. */
  serviceClient(): SupabaseClient;
  /**
   * A new account on the auth service, signed up (and confirmed) through supabase-js with its own client; it becomes
   * the signed-in user unless `signIn: false`.
   */
  signUp(label: string, options?: { data?: Record<string, unknown>; signIn?: boolean }): Promise<{ user: SessionUser; email: string; client: SupabaseClient }>;
}

/** Starts the database and the services asked for before the file's tests, and closes them after. */
export function setUpWebApi(options: WebApiOptions = {}): WebApi {
  const migrations = options.migrations ?? [
    ...(options.auth ? [authMigrations] : []),
    ...(options.storage ? [storageMigrations] : []),
    scholarMigrations,
    ...(options.ai ? [aiMigrations] : []),
    appMigrations,
  ];
  beforeAll(async () => {
    const handle = await createTestDatabase(migrations);
    state.handle = handle;
    if (options.auth) {
      const config = loadAuthConfig({ SITE_URL: SITE, AUTH_RATE_LIMIT_DISABLED: 'true', AUTH_MAILER_AUTOCONFIRM: 'true', ...options.auth });
      state.auth = await createAuthService({ db: handle.db, config, basePath: '/platform' });
    }
    if (options.storage) {
      const auth = started(state.auth, 'auth service (storage needs it)');
      const config = loadStorageConfig(options.storage.env ?? {});
      state.storage = await createStorageService({
        db: handle.db,
        jwtKeys: auth.keys.verifyKeys,
        basePath: '/platform',
        config,
        quota: options.storage.quota?.(handle),
      });
    }
    if (options.ai) state.ai = await options.ai(handle);
    if (options.corpus) {
      await upsertPapers(handle.db, options.corpus);
      await refreshStatistics(handle.db);
    }
    await options.setup?.();
  }, options.timeout ?? 60_000);
  afterAll(async () => {
    await options.teardown?.();
    await state.handle?.close();
  });

  const api: WebApi = {
    get handle() {
      return started(state.handle, 'database');
    },
    get auth() {
      return started(state.auth, 'auth service');
    },
    get storage() {
      return started(state.storage, 'storage service');
    },
    get ai() {
      return started(state.ai, 'AI runtime');
    },
    get signedIn() {
      return state.signedIn;
    },
    signIn(user) {
      state.signedIn = user;
    },
    client() {
      const auth = api.auth;
      // Without a storage service every request goes to auth, as for a product whose storage is elsewhere.
      return inProcessClient({ anonKey: auth.keys.anonKey, auth, storage: state.storage ?? auth, site: SITE });
    },
    serviceClient() {
      const auth = api.auth;
      return createClient(`${SITE}/platform`, auth.keys.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: (input, init) => auth.fetch(new Request(input, init)) },
        realtime: { transport: NoRealtime as never },
      });
    },
    async signUp(label, { data, signIn = true } = {}) {
      const client = api.client();
      const email = `${label}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { data: signedUp, error } = await client.auth.signUp({ email, password: PASSWORD, options: data ? { data } : undefined });
      expect(error).toBeNull();
      const user = sessionUser(signedUp.user!.id, { email, aal: 'aal1' });
      if (signIn) state.signedIn = user;
      return { user, email, client };
    },
  };
  state.api = api;
  return api;
}
