// GitHub sign-in (plain OAuth 2.0, not OIDC): the profile comes from the REST API.
import { OAuthError, type OAuthProvider, type ProviderSettings } from './types';

const TIMEOUT = 10_000;

export function createGithubProvider(settings: ProviderSettings): OAuthProvider {
  const web = settings.url.replace(/\/$/, '');
  // github.com's API lives on its own host; GitHub Enterprise serves it under /api/v3.
  const api = web === 'https://github.com' ? 'https://api.github.com' : `${web}/api/v3`;
  const get = async (path: string, token: string) => {
    const response = await fetch(`${api}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'user-agent': 'Citewise' },
      signal: AbortSignal.timeout(TIMEOUT),
    });
    if (!response.ok) throw new OAuthError('provider_error', `GitHub answered ${response.status} for ${path}`);
    return response.json() as Promise<unknown>;
  };

  return {
    id: 'github',
    displayName: settings.displayName,
    async authorizationUrl(input) {
      const url = new URL(`${web}/login/oauth/authorize`);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', settings.redirectUri ?? input.redirectUri);
      url.searchParams.set(
        'scope',
        [...new Set(['read:user', 'user:email', ...settings.scopes, ...(input.scopes?.split(/[\s,]+/) ?? [])])].filter(Boolean).join(' '),
      );
      url.searchParams.set('state', input.state);
      return url;
    },
    async exchangeCode(input) {
      const response = await fetch(`${web}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.secret,
          code: input.code,
          redirect_uri: settings.redirectUri ?? input.redirectUri,
        }),
        signal: AbortSignal.timeout(TIMEOUT),
      }).catch((error: unknown) => {
        throw new OAuthError('provider_error', 'Could not reach GitHub', { cause: error });
      });
      // GitHub reports a bad code with status 200 and an `error` field.
      const body = (await response.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; error?: string; error_description?: string };
      if (!response.ok || !body.access_token) {
        throw new OAuthError('provider_error', body.error_description ?? body.error ?? `GitHub answered ${response.status}`);
      }
      return { accessToken: body.access_token, refreshToken: body.refresh_token ?? null, idToken: null };
    },
    async fetchProfile(tokens) {
      const user = (await get('/user', tokens.accessToken)) as { id: number; login: string; name?: string | null; email?: string | null; avatar_url?: string };
      const emails = (await get('/user/emails', tokens.accessToken)) as Array<{ email: string; primary: boolean; verified: boolean }>;
      const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified) ?? null;
      const email = (primary?.email ?? user.email ?? null)?.toLowerCase() ?? null;
      const subject = String(user.id);
      return {
        subject,
        email,
        emailVerified: Boolean(primary),
        name: user.name ?? user.login,
        avatarUrl: user.avatar_url ?? null,
        claims: {
          iss: api,
          sub: subject,
          provider_id: subject,
          email,
          email_verified: Boolean(primary),
          phone_verified: false,
          name: user.name ?? user.login,
          full_name: user.name ?? user.login,
          preferred_username: user.login,
          user_name: user.login,
          avatar_url: user.avatar_url,
        },
      };
    },
  };
}
