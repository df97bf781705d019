import { defineRouting } from 'next-intl/routing';

/**
 * English is served without a prefix (`/pricing`) and Chinese under `/zh` (`/zh/pricing`):
 * the default language keeps the short URLs that are shared most, and every page still has
 * one stable URL per language for search engines and hreflang.
 */
/** Remembers the reader's language for a year; the language switch writes it too. */
export const localeCookie = { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365 } as const;

export const routing = defineRouting({
  locales: ['en', 'zh'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeCookie,
  // No `Link` header of alternates: next-intl builds it from the request's Host and X-Forwarded-Host, which any
  // client can set. Every page names its languages in its <head> from SITE_URL instead (lib/metadata.ts).
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];

export function isLocale(value: string): value is Locale {
  return (routing.locales as readonly string[]).includes(value);
}

/** The path of `path` (unprefixed, starting with `/`) in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** BCP 47 tags for `lang` and `hreflang`. */
export const languageTags: Record<Locale, string> = { en: 'en', zh: 'zh-CN' };
