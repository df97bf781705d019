// Any OpenID Connect provider (Google, Keycloak, Auth0, Entra ID, …) through discovery, with oauth4webapi.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oauth from 'oauth4webapi';
import { OAuthError, isLoopback, type OAuthProfile, type OAuthProvider, type OAuthTokens, type ProviderSettings } from './types';

const TIMEOUT = 10_000;

export function createOidcProvider(id: 'google' | 'oidc', settings: ProviderSettings): OAuthProvider {
  const issuer = new URL(settings.url);
  // Plain http only for a provider on this machine (development and tests).
  const http = { [oauth.allowInsecureRequests]: isLoopback(issuer), signal: () => AbortSignal.timeout(TIMEOUT) };
  const client: oauth.Client = { client_id: settings.clientId };
  const auth = oauth.ClientSecretPost(settings.secret);
  let server: Promise<oauth.AuthorizationServer> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  const discover = () => {
    server ??= oauth
      .discoveryRequest(issuer, { ...http, signal: AbortSignal.timeout(TIMEOUT), algorithm: 'oidc' })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        server = undefined;
        throw new OAuthError('provider_error', `OpenID discovery failed for ${issuer.href}`, { cause: error });
      });
    return server;
  };

  const profileOf = (claims: JWTPayload | oauth.UserInfoResponse): OAuthProfile => {
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    const name = typeof claims.name === 'string' ? claims.name : null;
    const picture = typeof claims.picture === 'string' ? claims.picture : null;
    return {
      subject: String(claims.sub),
      email,
      emailVerified: claims.email_verified === true,
      name,
      avatarUrl: picture,
      claims: { ...claims, iss: issuer.href, provider_id: String(claims.sub), full_name: name ?? undefined, avatar_url: picture ?? undefined },
    };
  };

  return {
    id,
    displayName: settings.displayName,
    async authorizationUrl(input) {
      const as = await discover();
      if (!as.authorization_endpoint) throw new OAuthError('provider_error', 'The provider has no authorization endpoint');
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', settings.redirectUri ?? input.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set(
        'scope',
        [...new Set(['openid', 'email', 'profile', ...settings.scopes, ...(input.scopes?.split(/[\s,]+/) ?? [])])].filter(Boolean).join(' '),
      );
      url.searchParams.set('state', input.state);
      if (input.nonce) url.searchParams.set('nonce', input.nonce);
      return url;
    },
    async exchangeCode(input) {
      const as = await discover();
      try {
        const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: input.code }), oauth.skipStateCheck);
        const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, settings.redirectUri ?? input.redirectUri, oauth.nopkce, http);
        const result = await oauth.processAuthorizationCodeResponse(as, client, response);
        return { accessToken: result.access_token, refreshToken: result.refresh_token ?? null, idToken: result.id_token ?? null };
      } catch (error) {
        throw new OAuthError('provider_error', 'The provider refused the authorization code', { cause: error });
      }
    },
    async fetchProfile(tokens: OAuthTokens) {
      const as = await discover();
      try {
        if (as.userinfo_endpoint) {
          const response = await oauth.userInfoRequest(as, client, tokens.accessToken, http);
          return profileOf(await oauth.processUserInfoResponse(as, client, oauth.skipSubjectCheck, response));
        }
        if (tokens.idToken) return await this.verifyIdToken!(tokens.idToken, {});
      } catch (error) {
        throw new OAuthError('provider_error', 'Could not read the profile from the provider', { cause: error });
      }
      throw new OAuthError('provider_error', 'The provider returned no profile');
    },
    async verifyIdToken(idToken, options) {
      const as = await discover();
      if (!as.jwks_uri) throw new OAuthError('bad_id_token', 'The provider publishes no keys');
      jwks ??= createRemoteJWKSet(new URL(as.jwks_uri), { timeoutDuration: TIMEOUT });
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, { issuer: as.issuer, audience: settings.clientId }));
      } catch (error) {
        throw new OAuthError('bad_id_token', 'Bad ID token', { cause: error });
      }
      if (options.nonce !== undefined) {
        // Native SDKs may put the SHA-256 of the nonce in the token (GoTrue accepts both).
        const hashed = createHash('sha256').update(options.nonce).digest('hex');
        if (payload.nonce !== options.nonce && payload.nonce !== hashed) throw new OAuthError('bad_id_token', 'Nonces mismatch');
      } else if (payload.nonce !== undefined) {
        throw new OAuthError('bad_id_token', 'The ID token has a nonce but none was passed');
      }
      return profileOf(payload);
    },
  };
}
