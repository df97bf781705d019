import { docsPages } from '@/config/docs-nav';
import { products } from '@/config/products';
import { listSlugs } from '@/lib/content/files';

/** Every public, indexable page by its unprefixed path; each exists in both languages. */
export function publicPagePaths(): string[] {
  return [
    '/',
    '/ai',
    ...products.map((product) => `/${product.id}`),
    '/pricing',
    '/blog',
    ...listSlugs('blog').map((slug) => `/blog/${slug}`),
    ...docsPages.map((slug) => `/docs/${slug}`),
    '/changelog',
    '/legal/privacy',
    '/legal/terms',
  ];
}
