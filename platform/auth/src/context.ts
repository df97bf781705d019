import type { Database } from '@citewise/db';
import type { AuthConfig } from './config';
import type { AuthKeys } from './keys';
import type { Limiters } from './limits';
import type { Messenger } from './messenger';
import type { OAuthProviderRegistry } from './oauth';

/** Everything a handler needs, built once by `createAuthService`. */
export interface AuthContext {
  config: AuthConfig;
  db: Database;
  keys: AuthKeys;
  limiters: Limiters;
  messenger: Messenger;
  oauth: OAuthProviderRegistry;
}

/** Who is calling, resolved from the bearer JWT and checked against the database. */
export interface Caller {
  userId: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  claims: AccessClaims;
}

export interface AccessClaims {
  sub: string;
  aud: string;
  role: string;
  exp: number;
  iat: number;
  iss: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: 'aal1' | 'aal2';
  amr: Array<{ method: string; timestamp: number; provider?: string }>;
  session_id: string;
  is_anonymous: boolean;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}
