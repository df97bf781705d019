import 'server-only';
import { env } from '@/lib/env';
import { embeddedAuthEnabled } from '@/lib/platform/embedded';
import { embeddedAuthFetch } from '@/lib/platform/auth-fetch';
import { platform } from '@/lib/platform/services';

/** How server code reaches the auth service for one request. */
export type SupabaseServerSettings = {
  url: string;
  anonKey: string;
  cookieOptions: { name: string; secure: boolean };
  /** The embedded service is called in-process; a hosted one over the network. */
  fetch?: typeof fetch;
};

const trim = (value: string | undefined) => value?.trim().replace(/\/+$/, '') || undefined;

/** The public origin of the embedded auth service's site (what its links and cookies belong to). */
function embeddedSiteUrl(): string {
  return trim(process.env.AUTH_SITE_URL) ?? env.SITE_URL;
}

/**
 * The session cookie: @supabase/ssr's default name (`sb-<first label of the auth host>-auth-token`) for the
 * configured URL, spelled out so that the browser, route handlers and the proxy agree whatever host a request
 * came in on. `Secure` on https sites; path, SameSite=Lax, 400 days and chunking are the library's defaults.
 */
export function sessionCookieOptions(): { name: string; secure: boolean } {
  const url = new URL(trim(env.SUPABASE_URL) ?? embeddedSiteUrl());
  return { name: `sb-${url.hostname.split('.')[0]}-auth-token`, secure: url.protocol === 'https:' };
}

/** The anon key: SUPABASE_ANON_KEY, or in embedded mode the key the built-in service generated. */
export async function anonKey(): Promise<string> {
  const configured = env.SUPABASE_ANON_KEY;
  if (configured) return configured;
  // The spec's configuration error, in supabase-js's words.
  if (!embeddedAuthEnabled()) throw new Error('supabaseKey is required. Set SUPABASE_ANON_KEY to the project’s anon key.');
  return (await platform()).auth.keys.anonKey;
}

/**
 * Settings for a server-side client. `origin` is the origin the browser used: with the embedded service, URLs
 * the client hands to the browser (OAuth) must point where the browser already is.
 */
export async function supabaseServerSettings(request: { origin: string; clientIp: string | null; userAgent?: string | null }): Promise<SupabaseServerSettings> {
  const hosted = trim(env.SUPABASE_URL);
  return {
    url: hosted ?? `${request.origin}/platform`,
    anonKey: await anonKey(),
    cookieOptions: sessionCookieOptions(),
    fetch: hosted ? undefined : embeddedAuthFetch(request.clientIp, request.userAgent ?? null),
  };
}
