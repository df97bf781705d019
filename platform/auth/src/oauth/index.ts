// OAuth/OIDC providers switched on by environment variables named after GoTrue's (`AUTH_EXTERNAL_<NAME>_*`).
import { z } from 'zod';
import { createGithubProvider } from './github';
import { createOidcProvider } from './oidc';
import type { OAuthProvider, ProviderId, ProviderSettings } from './types';

export { OAuthError, type OAuthProfile, type OAuthProvider, type OAuthTokens, type ProviderId } from './types';

export interface OAuthProviderRegistry {
  get(id: string): OAuthProvider | undefined;
  enabledIds(): ProviderId[];
}

const DEFAULTS: Record<ProviderId, { url?: string; displayName: string }> = {
  github: { url: 'https://github.com', displayName: 'GitHub' },
  google: { url: 'https://accounts.google.com', displayName: 'Google' },
  oidc: { displayName: 'OpenID Connect' },
};

const settingsSchema = z.object({ clientId: z.string().min(1), secret: z.string().min(1), url: z.url() });

export function loadOAuthProviders(env: Record<string, string | undefined>): OAuthProviderRegistry {
  const providers = new Map<ProviderId, OAuthProvider>();
  for (const id of Object.keys(DEFAULTS) as ProviderId[]) {
    const prefix = `AUTH_EXTERNAL_${id.toUpperCase()}_`;
    if (!['true', '1'].includes(env[`${prefix}ENABLED`] ?? '')) continue;
    const raw = {
      clientId: env[`${prefix}CLIENT_ID`],
      secret: env[`${prefix}SECRET`],
      url: env[id === 'oidc' ? `${prefix}ISSUER` : `${prefix}URL`] ?? DEFAULTS[id].url,
    };
    const parsed = settingsSchema.safeParse(raw);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      const variable = field === 'clientId' ? 'CLIENT_ID' : field === 'secret' ? 'SECRET' : id === 'oidc' ? 'ISSUER' : 'URL';
      throw new Error(`${prefix}ENABLED is true but ${prefix}${variable} is missing or invalid`);
    }
    const settings: ProviderSettings = {
      ...parsed.data,
      redirectUri: env[`${prefix}REDIRECT_URI`] || undefined,
      scopes: (env[`${prefix}SCOPES`] ?? '').split(/[\s,]+/).filter(Boolean),
      displayName: env[`${prefix}NAME`] || DEFAULTS[id].displayName,
    };
    providers.set(id, id === 'github' ? createGithubProvider(settings) : createOidcProvider(id, settings));
  }
  return {
    get: (id) => providers.get(id as ProviderId),
    enabledIds: () => [...providers.keys()],
  };
}
