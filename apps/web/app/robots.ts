import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';

/** Signed-in areas, the API and the platform services are never crawled, in either language. */
const privatePrefixes = ['/dashboard', '/admin', '/api', '/platform'];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: privatePrefixes.flatMap((prefix) => [prefix, `/zh${prefix}`]),
    },
    sitemap: `${env.SITE_URL}/sitemap.xml`,
    host: env.SITE_URL,
  };
}
