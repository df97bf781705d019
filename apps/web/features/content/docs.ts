import 'server-only';
import { docsNav, docsPages } from '@/config/docs-nav';
import { readEntry } from '@/lib/content/files';
import { plainText, tableOfContents } from '@/lib/content/toc';
import type { Locale } from '@/lib/i18n/routing';

export function getDoc(slug: string, locale: Locale) {
  if (!docsPages.includes(slug)) return null;
  const entry = readEntry('docs', slug, locale);
  return entry ? { ...entry, toc: tableOfContents(entry.body) } : null;
}

/** The sidebar with each page's title in the given language. */
export function docsSidebar(locale: Locale) {
  return docsNav.map((section) => ({
    key: section.key,
    pages: section.pages.map((slug) => ({ slug, title: readEntry('docs', slug, locale)?.meta.title ?? slug })),
  }));
}

export function docNeighbours(slug: string, locale: Locale) {
  const index = docsPages.indexOf(slug);
  const at = (i: number) => {
    const neighbour = docsPages[i];
    const entry = neighbour ? readEntry('docs', neighbour, locale) : null;
    return entry ? { slug: entry.slug, title: entry.meta.title } : null;
  };
  return { previous: index > 0 ? at(index - 1) : null, next: at(index + 1) };
}

export type SearchDocument = { id: string; title: string; headings: string; text: string };

/** What the docs search indexes for one language: every page's title, headings and plain text. */
export function docsSearchDocuments(locale: Locale): SearchDocument[] {
  return docsPages.flatMap((slug) => {
    const doc = getDoc(slug, locale);
    if (!doc) return [];
    return [
      {
        id: slug,
        title: doc.meta.title,
        headings: doc.toc.map((item) => item.text).join(' · '),
        text: markdownToText(`${doc.meta.description}\n${doc.body}`),
      },
    ];
  });
}

function markdownToText(markdown: string): string {
  return plainText(
    markdown
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/^#{1,6}\s+/gm, '')
      .replace(/^\s*[-*+>|]\s?/gm, '')
      .replace(/\|/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .slice(0, 20_000);
}
