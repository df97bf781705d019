import type { Metadata } from 'next';
import { siteConfig } from '@/config/site';
import { env } from '@/lib/env';
import { languageTags, localizePath, routing, type Locale } from '@/lib/i18n/routing';

export type MetadataInput = {
  /** The page's own title; the helper adds ` · Citewise`. */
  title: string;
  description: string;
  /** The page's path without the language prefix, e.g. `/pricing`. */
  path: string;
  locale: Locale;
  type?: 'website' | 'article';
  publishedTime?: string;
  authors?: string[];
  /** Pages that must never be indexed (errors, signed-in areas). */
  noIndex?: boolean;
};

/** One bilingual social card for every page (public/og.png, 1200 × 630). */
const socialImage = { url: '/og.png', width: 1200, height: 630, alt: siteConfig.name };

const openGraphLocale: Record<Locale, string> = { en: 'en_US', zh: 'zh_CN' };

export function absoluteUrl(path: string, locale: Locale): string {
  return `${env.SITE_URL}${localizePath(path, locale)}`;
}

/** The one way pages describe themselves: title template, cards, canonical URL and hreflang. */
export function constructMetadata(input: MetadataInput): Metadata {
  const { title, description, path, locale, type = 'website' } = input;
  const fullTitle = `${title} · ${siteConfig.name}`;
  const url = absoluteUrl(path, locale);
  const languages: Record<string, string> = { 'x-default': absoluteUrl(path, routing.defaultLocale) };
  for (const other of routing.locales) languages[languageTags[other]] = absoluteUrl(path, other);

  return {
    metadataBase: new URL(env.SITE_URL),
    title: { absolute: fullTitle },
    description,
    applicationName: siteConfig.name,
    alternates: {
      canonical: url,
      languages,
      types: { 'application/rss+xml': absoluteUrl('/blog/rss.xml', locale) },
    },
    openGraph: {
      title: fullTitle,
      description,
      url,
      siteName: siteConfig.name,
      locale: openGraphLocale[locale],
      alternateLocale: routing.locales.filter((other) => other !== locale).map((other) => openGraphLocale[other]),
      type,
      images: [socialImage],
      ...(type === 'article' ? { publishedTime: input.publishedTime, authors: input.authors } : {}),
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, site: siteConfig.twitter, images: [socialImage.url] },
    robots: input.noIndex ? { index: false, follow: false } : { index: true, follow: true },
  };
}
