// platform/auth: an embedded service speaking the Supabase Auth (GoTrue) HTTP API.
//
//   const auth = await createAuthService({ db, config: loadAuthConfig(), dataDir: '.data' });
//   auth.fetch(request)  // serves `${basePath}/auth/v1/*` and `${basePath}/mailbox` (to key holders only)
import { Hono } from 'hono';
import type { Database } from '@citewise/db';
import { createAuthApp } from './app';
import { loadAuthConfig, type AuthConfig } from './config';
import type { AuthContext } from './context';
import { loadKeys, type AuthKeys } from './keys';
import { createLimiters } from './limits';
import { loadMailboxKey } from './mailbox-key';
import { createMessenger } from './messenger';
import { loadOAuthProviders } from './oauth';
import { mailboxRoutes } from './routes/mailbox';
import { sessionState, type SessionState } from './session-state';

export { migrations } from './db/migrations';
export { loadAuthConfig, ConfigError, type AuthConfig } from './config';
export { loadKeys, type AuthKeys } from './keys';
export { loadMailboxKey, MAILBOX_KEY_FILE } from './mailbox-key';
export type { SessionState } from './session-state';

export interface AuthServiceOptions {
  db: Database;
  config?: AuthConfig;
  /** Where generated keys are kept; without it keys live in memory (tests). */
  dataDir?: string;
  keys?: AuthKeys;
  /** Path prefix the service is mounted under, e.g. `/platform`. */
  basePath?: string;
  /** The key that opens the dev mailbox; by default AUTH_MAILBOX_KEY, else kept in `dataDir` (mailbox-key.ts). */
  mailboxKey?: string;
  /** Prefix of rate-limit keys in Redis (REDIS_URL); `citewise:rl` by default. Tests give each run its own. */
  rateLimitKeyPrefix?: string;
}

export interface AuthService {
  fetch(request: Request): Promise<Response>;
  config: AuthConfig;
  keys: AuthKeys;
  /** Opens the dev mailbox (besides the service-role key); null while real providers deliver mail and SMS. */
  mailboxKey: string | null;
  context: AuthContext;
  /**
   * Whether a verified access token's session may still act (its user exists and is not banned; its session was not
   * ended): what this service checks on every call of its own, for hosts that verify tokens themselves.
   */
  sessionState(userId: string, sessionId: string | null): Promise<SessionState>;
  /** Lets go of the Redis connection of the rate limits, if any. */
  close(): Promise<void>;
}

export async function createAuthService(options: AuthServiceOptions): Promise<AuthService> {
  const config = options.config ?? loadAuthConfig();
  const keys = options.keys ?? (await loadKeys(config, { dataDir: options.dataDir }));
  const mailboxKey = config.mailboxEnabled ? (options.mailboxKey ?? (await loadMailboxKey(config, { dataDir: options.dataDir }))) : null;
  const limiters = createLimiters(config, { keyPrefix: options.rateLimitKeyPrefix });
  const context: AuthContext = {
    config,
    db: options.db,
    keys,
    limiters,
    messenger: createMessenger(config, options.db, limiters),
    oauth: loadOAuthProviders(config.env),
  };
  if (config.AUTH_RATE_LIMIT_DISABLED) {
    console.warn('[auth] AUTH_RATE_LIMIT_DISABLED=true: per-address and per-account rate limits and send budgets are off. Never use this in production.');
  }
  const root = new Hono().basePath(options.basePath ?? '');
  root.route('/auth/v1', createAuthApp(context));
  root.route('/', mailboxRoutes(context, mailboxKey));
  return {
    fetch: async (request) => root.fetch(request),
    config,
    keys,
    mailboxKey,
    context,
    sessionState: (userId, sessionId) => sessionState(options.db, userId, sessionId),
    close: () => limiters.close(),
  };
}
