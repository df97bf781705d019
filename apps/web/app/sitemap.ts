import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';
import { languageTags, localizePath, routing } from '@/lib/i18n/routing';
import { publicPagePaths } from '@/lib/public-pages';

export default function sitemap(): MetadataRoute.Sitemap {
  return publicPagePaths().flatMap((path) =>
    routing.locales.map((locale) => ({
      url: `${env.SITE_URL}${localizePath(path, locale)}`,
      alternates: {
        languages: Object.fromEntries(routing.locales.map((other) => [languageTags[other], `${env.SITE_URL}${localizePath(path, other)}`])),
      },
    })),
  );
}
