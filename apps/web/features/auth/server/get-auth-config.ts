import 'server-only';
import { embeddedAuthEnabled } from '@/lib/platform/embedded';
import { anonKey, sessionCookieOptions, supabaseServerSettings } from '@/lib/supabase/config';
import type { PublicAuthConfig } from '@/lib/supabase/public-config';

type Settings = {
  external?: Record<string, boolean>;
  disable_signup?: boolean;
  sms_provider?: string;
};

/** Names people know providers by; an OpenID Connect issuer is named by AUTH_EXTERNAL_OIDC_NAME. */
const providerNames: Record<string, string> = {
  github: 'GitHub',
  google: 'Google',
  gitlab: 'GitLab',
  azure: 'Microsoft',
  linkedin_oidc: 'LinkedIn',
  slack_oidc: 'Slack',
};
const notProviders = new Set(['email', 'phone', 'anonymous_users']);

function providerName(id: string): string {
  if (id === 'oidc') return process.env.AUTH_EXTERNAL_OIDC_NAME?.trim() || 'OpenID Connect';
  return providerNames[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** GoTrue's AUTH_PASSWORD_REQUIRED_CHARACTERS: sets separated by `:`, where `\:` is a literal colon. */
function requiredCharacters(value: string | undefined): string[] {
  return (value ?? '')
    .split(/(?<!\\):/)
    .map((set) => set.replace(/\\:/g, ':'))
    .filter(Boolean);
}

let cached: { at: number; value: Promise<PublicAuthConfig> } | undefined;
const TTL_MS = 30_000;

async function load(): Promise<PublicAuthConfig> {
  const settings = await supabaseServerSettings({ origin: 'http://localhost', clientIp: null });
  const response = await (settings.fetch ?? fetch)(`${settings.url}/auth/v1/settings`, {
    headers: { apikey: settings.anonKey, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The auth service answered ${response.status} to GET /settings`);
  const body = (await response.json()) as Settings;
  const external = body.external ?? {};
  const embedded = embeddedAuthEnabled();
  const minLength = Number(process.env.AUTH_PASSWORD_MIN_LENGTH);
  return {
    url: embedded ? null : settings.url,
    anonKey: await anonKey(),
    cookieOptions: sessionCookieOptions(),
    providers: Object.entries(external)
      .filter(([id, enabled]) => enabled && !notProviders.has(id))
      .map(([id]) => ({ id, name: providerName(id) })),
    email: external.email !== false,
    phone: external.phone === true,
    signupDisabled: body.disable_signup === true,
    // The embedded service reports `mailbox` as its SMS provider while mail and SMS are kept in the dev mailbox.
    mailbox: embedded && body.sms_provider === 'mailbox' && !process.env.SMTP_URL?.trim() ? '/platform/mailbox' : null,
    passwordPolicy: {
      minLength: Number.isFinite(minLength) ? Math.max(6, minLength) : 6,
      requiredCharacters: requiredCharacters(process.env.AUTH_PASSWORD_REQUIRED_CHARACTERS),
    },
  };
}

/**
 * What the sign-in pages and the browser client need, from the auth service's own settings (cached for
 * 30 seconds, so a changed provider shows up without a restart).
 */
export function getAuthConfig(): Promise<PublicAuthConfig> {
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const value = load();
    cached = { at: Date.now(), value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
  }
  return cached.value;
}
