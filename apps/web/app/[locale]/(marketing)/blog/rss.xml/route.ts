import { getTranslations } from 'next-intl/server';
import { siteConfig } from '@/config/site';
import { listPosts } from '@/features/content/blog';
import { absoluteUrl } from '@/lib/metadata';
import { isLocale, languageTags, routing } from '@/lib/i18n/routing';

export const dynamic = 'force-static';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

// GET /blog/rss.xml, /zh/blog/rss.xml – the blog of one language as RSS 2.0
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'metadata' });
  const items = listPosts(locale)
    .map((post) => {
      const url = absoluteUrl(`/blog/${post.slug}`, locale);
      return [
        '<item>',
        `<title>${escapeXml(post.meta.title)}</title>`,
        `<link>${url}</link>`,
        `<guid isPermaLink="true">${url}</guid>`,
        `<description>${escapeXml(post.meta.description)}</description>`,
        `<author>${escapeXml(`${siteConfig.contactEmail} (${post.meta.author})`)}</author>`,
        ...post.meta.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
        `<pubDate>${new Date(`${post.meta.date}T00:00:00Z`).toUTCString()}</pubDate>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  const self = absoluteUrl('/blog/rss.xml', locale);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(`${t('blogTitle')} · ${siteConfig.name}`)}</title>
<link>${absoluteUrl('/blog', locale)}</link>
<description>${escapeXml(t('blogDescription'))}</description>
<language>${languageTags[locale]}</language>
<atom:link href="${self}" rel="self" type="application/rss+xml"/>
${items}
</channel>
</rss>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
