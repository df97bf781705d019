export type ProviderId = 'github' | 'google' | 'oidc';

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
}

/** A person as a provider describes them; `claims` becomes the identity's `identity_data`. */
export interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
  claims: Record<string, unknown>;
}

export interface OAuthProvider {
  id: ProviderId;
  displayName: string;
  authorizationUrl(input: { state: string; redirectUri: string; scopes?: string; nonce?: string }): Promise<URL>;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<OAuthTokens>;
  fetchProfile(tokens: OAuthTokens): Promise<OAuthProfile>;
  /** OIDC providers only: the id_token grant (a native client signed in with the provider itself). */
  verifyIdToken?(idToken: string, options: { nonce?: string }): Promise<OAuthProfile>;
}

export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly code: 'provider_error' | 'bad_id_token' | 'bad_oauth_callback',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ProviderSettings {
  clientId: string;
  secret: string;
  /** Issuer (OIDC) or base URL (GitHub). */
  url: string;
  redirectUri?: string;
  scopes: string[];
  displayName: string;
}

export const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
