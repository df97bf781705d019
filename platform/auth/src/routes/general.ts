// GET /health, GET /settings, GET /.well-known/jwks.json (docs/protocols/supabase-auth.md §3.1).
import { Hono } from 'hono';
import type { AuthContext } from '../context';

const OAUTH_NAMES = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'snapchat',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
] as const;

export function generalRoutes(ctx: AuthContext) {
  const { config } = ctx;
  return new Hono()
    .get('/health', (c) => c.json({ version: '1', name: 'GoTrue', description: 'Citewise auth: a GoTrue-compatible API' }))
    .get('/settings', (c) => {
      const enabled = new Set<string>(ctx.oauth.enabledIds());
      const external: Record<string, boolean> = {
        anonymous_users: config.AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED,
        email: config.AUTH_EXTERNAL_EMAIL_ENABLED,
        phone: config.AUTH_EXTERNAL_PHONE_ENABLED && ctx.messenger.canSend('sms'),
      };
      for (const name of OAUTH_NAMES) external[name] = enabled.has(name);
      // Providers GoTrue has no fixed name for (a generic OIDC issuer) are listed under their own id.
      for (const id of enabled) external[id] = true;
      return c.json({
        external,
        disable_signup: config.AUTH_DISABLE_SIGNUP,
        mailer_autoconfirm: config.AUTH_MAILER_AUTOCONFIRM,
        phone_autoconfirm: config.AUTH_SMS_AUTOCONFIRM,
        sms_provider: config.AUTH_SMS_PROVIDER || (ctx.messenger.mailboxEnabled ? 'mailbox' : ''),
        saml_enabled: false,
        saml_private_key_next_configured: false,
        passkeys_enabled: false,
      });
    })
    .get('/.well-known/jwks.json', (c) => {
      c.header('Cache-Control', 'public, max-age=600');
      return c.json({ keys: ctx.keys.publicJwks });
    });
}
