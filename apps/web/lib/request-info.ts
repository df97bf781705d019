import { localeCookie, routing, type Locale } from '@/lib/i18n/routing';

type HeaderSource = Pick<Headers, 'get'>;

/** Set by the server `npm start` runs from the socket and TRUST_PROXY (scripts/lib/client-address.mjs). */
export const CLIENT_ADDRESS_HEADER = 'x-citewise-client-address';

/**
 * The client's address, used as a rate-limit key and in audit records: what the front server established
 * (scripts/serve.mjs drops any copy a client sends). Without that server (`next dev`), the last entry of
 * X-Forwarded-For, which Next fills from the socket when no proxy sent one: good enough for development,
 * which is why production runs behind the front server.
 */
export function clientIp(headers: HeaderSource): string {
  const established = headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  if (established) return established;
  const forwarded = headers.get('x-forwarded-for') ?? '';
  const last = forwarded
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last ?? headers.get('x-real-ip') ?? 'unknown';
}

/** The origin the browser used (behind a proxy, from its X-Forwarded-* headers). */
export function requestOrigin(headers: HeaderSource, fallback = 'http://localhost:3000'): string {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  if (!host || !/^[a-z0-9.\-[\]:]+$/i.test(host)) return fallback;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/**
 * The language of an API request: the `x-locale` header the product's own pages send, else the locale
 * cookie, else Accept-Language, else English.
 */
export function requestLocale(headers: HeaderSource, cookieValue?: string | null): Locale {
  const explicit = headers.get('x-locale');
  for (const candidate of [explicit, cookieValue]) {
    if (candidate && (routing.locales as readonly string[]).includes(candidate)) return candidate as Locale;
  }
  return /^\s*zh/i.test(headers.get('accept-language') ?? '') ? 'zh' : routing.defaultLocale;
}

export function localeFromCookieHeader(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${localeCookie.name}=([^;]*)`).exec(cookieHeader ?? '');
  return match?.[1] ?? null;
}
