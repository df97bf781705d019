import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Locale } from '@/lib/i18n/routing';
import { frontMatterSchemas, type ContentKind, type FrontMatter } from './front-matter';

export type ContentEntry<K extends ContentKind> = {
  kind: K;
  /** Path under content/<kind> without extension and language suffix, e.g. `self-hosting/scaling-out`. */
  slug: string;
  locale: Locale;
  meta: FrontMatter<K>;
  body: string;
};

export const contentRoot = path.join(process.cwd(), 'content');

function fileName(slug: string, locale: Locale): string {
  return locale === 'en' ? `${slug}.mdx` : `${slug}.${locale}.mdx`;
}

/** Slugs of every English page of a kind; each must have its Chinese twin (checked in tests). */
export function listSlugs(kind: ContentKind): string[] {
  const dir = path.join(contentRoot, kind);
  if (!fs.existsSync(dir)) return [];
  const entries = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => entry.endsWith('.mdx') && !/\.[a-z]{2}\.mdx$/.test(entry))
    .map((entry) => entry.slice(0, -'.mdx'.length))
    .sort();
}

const cache = new Map<string, ContentEntry<ContentKind> | null>();

/** One page of content, or null when it does not exist. Front matter is validated. */
export function readEntry<K extends ContentKind>(kind: K, slug: string, locale: Locale): ContentEntry<K> | null {
  const key = `${kind}:${slug}:${locale}`;
  if (cache.has(key)) return cache.get(key) as ContentEntry<K> | null;
  const file = path.join(contentRoot, kind, fileName(slug, locale));
  let entry: ContentEntry<K> | null = null;
  // Slugs come from URLs: refuse anything that would leave the content folder.
  if (/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug) && fs.existsSync(file)) {
    const { data, content } = matter(fs.readFileSync(file, 'utf8'));
    const parsed = frontMatterSchemas[kind].safeParse(data);
    if (!parsed.success) {
      throw new Error(`Invalid front matter in content/${kind}/${fileName(slug, locale)}: ${parsed.error.message}`);
    }
    entry = { kind, slug, locale, meta: parsed.data as FrontMatter<K>, body: content };
  }
  cache.set(key, entry);
  return entry;
}

export function readAll<K extends ContentKind>(kind: K, locale: Locale): ContentEntry<K>[] {
  return listSlugs(kind)
    .map((slug) => readEntry(kind, slug, locale))
    .filter((entry): entry is ContentEntry<K> => entry !== null);
}
