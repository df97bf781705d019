import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

export default createMiddleware(routing);

export const config = {
  // Everything a person navigates to, except the API, the platform services, Next's own files,
  // generated indexes and files with an extension; the blog feeds are the one dotted path that is
  // localised.
  matcher: [
    '/((?!api|platform|_next|_vercel|builds|docs-index|.*\\..*).*)',
    '/blog/rss.xml',
    '/zh/blog/rss.xml',
  ],
};
