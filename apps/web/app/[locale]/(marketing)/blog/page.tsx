import { Rss } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader, Section } from '@/components/section';
import { listPosts } from '@/features/content/blog';
import { PostMeta, TagList } from '@/features/content/components/post-meta';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localizePath } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return constructMetadata({ title: t('blogTitle'), description: t('blogDescription'), path: '/blog', locale });
}

export default async function BlogIndexPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'blog' });
  const posts = listPosts(locale);

  return (
    <Section className="max-w-4xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader title={t('title')} lead={t('lead')} />
        <a href={localizePath('/blog/rss.xml', locale)} className="flex items-center gap-2 text-sm text-primary hover:underline">
          <Rss className="size-4" aria-hidden />
          {t('rss')}
        </a>
      </div>
      {posts.length === 0 ? <p className="mt-12 text-muted-foreground">{t('empty')}</p> : null}
      <ul className="mt-12 divide-y divide-border">
        {posts.map((post) => (
          <li key={post.slug} className="py-8" data-testid="blog-post">
            <article className="space-y-3">
              <h2 className="text-2xl font-semibold tracking-tight">
                <Link href={`/blog/${post.slug}`} className="hover:text-primary">
                  {post.meta.title}
                </Link>
              </h2>
              <PostMeta date={post.meta.date} author={post.meta.author} minutes={post.minutes} locale={locale} />
              <p className="text-muted-foreground">{post.meta.description}</p>
              <TagList tags={post.meta.tags} label={t('tags')} />
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}
