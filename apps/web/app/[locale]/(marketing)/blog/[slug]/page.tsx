import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Prose } from '@/components/prose';
import { Section } from '@/components/section';
import { getPost } from '@/features/content/blog';
import { PostMeta, TagList } from '@/features/content/components/post-meta';
import { listSlugs } from '@/lib/content/files';
import { Markdown } from '@/lib/content/render';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { routing } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';

type Props = LocaleParams<{ slug: string }>;

// Only the pages generated at build exist. Any other value falls through to the [...rest] route, which renders
// the 404 per request: a 404 rendered here would be cached like a page, with the first request's CSP nonce.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => listSlugs('blog').map((slug) => ({ locale, slug })));
}

async function load(props: Props) {
  const locale = await pageLocale(props);
  const post = getPost((await props.params).slug, locale);
  if (!post) notFound();
  return { locale, post };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, post } = await load(props);
  return constructMetadata({
    title: post.meta.title,
    description: post.meta.description,
    path: `/blog/${post.slug}`,
    locale,
    type: 'article',
    publishedTime: post.meta.date,
    authors: [post.meta.author],
  });
}

export default async function BlogPostPage(props: Props) {
  const { locale, post } = await load(props);
  const t = await getTranslations({ locale, namespace: 'blog' });
  return (
    <Section className="max-w-3xl">
      <Link href="/blog" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        {t('allPosts')}
      </Link>
      <article className="mt-8">
        <header className="space-y-4 border-b border-border pb-8">
          <h1 className="text-4xl font-bold tracking-tight text-balance">{post.meta.title}</h1>
          <PostMeta date={post.meta.date} author={post.meta.author} minutes={post.minutes} locale={locale} />
          <TagList tags={post.meta.tags} label={t('tags')} />
        </header>
        <Prose className="mt-8">
          <Markdown source={post.body} />
        </Prose>
      </article>
    </Section>
  );
}
