import 'server-only';
import { readAll, readEntry } from '@/lib/content/files';
import { readingMinutes } from '@/lib/content/reading-time';
import type { Locale } from '@/lib/i18n/routing';

export type BlogPost = NonNullable<ReturnType<typeof getPost>>;

export function getPost(slug: string, locale: Locale) {
  const entry = readEntry('blog', slug, locale);
  return entry ? { ...entry, minutes: readingMinutes(entry.body) } : null;
}

/** Posts of a language, newest first. */
export function listPosts(locale: Locale) {
  return readAll('blog', locale)
    .map((entry) => ({ ...entry, minutes: readingMinutes(entry.body) }))
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.slug.localeCompare(b.slug));
}
