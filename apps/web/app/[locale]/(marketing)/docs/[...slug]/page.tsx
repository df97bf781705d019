import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Prose } from '@/components/prose';
import { docsPages } from '@/config/docs-nav';
import { DocsSearch } from '@/features/content/components/docs-search';
import { docNeighbours, docsSidebar, getDoc } from '@/features/content/docs';
import { Markdown } from '@/lib/content/render';
import { Link } from '@/lib/i18n/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { routing } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';
import { cn } from '@/lib/utils';

type Props = LocaleParams<{ slug: string[] }>;

// Only the pages generated at build exist. Any other value falls through to the [...rest] route, which renders
// the 404 per request: a 404 rendered here would be cached like a page, with the first request's CSP nonce.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => docsPages.map((slug) => ({ locale, slug: slug.split('/') })));
}

async function load(props: Props) {
  const locale = await pageLocale(props);
  const slug = (await props.params).slug.join('/');
  const doc = getDoc(slug, locale);
  if (!doc) notFound();
  return { locale, doc };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, doc } = await load(props);
  return constructMetadata({ title: doc.meta.title, description: doc.meta.description, path: `/docs/${doc.slug}`, locale });
}

export default async function DocsPage(props: Props) {
  const { locale, doc } = await load(props);
  const t = await getTranslations({ locale, namespace: 'docs' });
  const sidebar = docsSidebar(locale);
  const { previous, next } = docNeighbours(doc.slug, locale);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_13rem]">
      <aside className="space-y-6 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto">
        <DocsSearch />
        <nav aria-label={t('navLabel')} data-testid="docs-sidebar">
          {sidebar.map((section) => (
            <div key={section.key} className="mb-5">
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(`sections.${section.key as 'start'}`)}</h2>
              <ul className="space-y-1 border-l border-border">
                {section.pages.map((page) => (
                  <li key={page.slug}>
                    <Link
                      href={`/docs/${page.slug}`}
                      aria-current={page.slug === doc.slug ? 'page' : undefined}
                      className={cn(
                        '-ml-px block border-l-2 py-1 pl-3 text-sm',
                        page.slug === doc.slug
                          ? 'border-primary font-medium text-foreground'
                          : 'border-transparent text-muted-foreground hover:text-foreground',
                      )}
                    >
                      {page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>

      <article className="min-w-0">
        <header className="space-y-3 border-b border-border pb-6">
          <p className="text-sm font-medium text-primary">{t('title')}</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.meta.title}</h1>
          <p className="text-lg text-muted-foreground">{doc.meta.description}</p>
        </header>
        <Prose className="mt-8">
          <Markdown source={doc.body} />
        </Prose>
        <nav aria-label={t('pagination')} className="mt-12 grid gap-4 border-t border-border pt-6 sm:grid-cols-2">
          {previous ? (
            <Link
              href={`/docs/${previous.slug}`}
              rel="prev"
              className="rounded-lg border border-border p-4 hover:border-primary/60"
              data-testid="docs-previous"
            >
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <ArrowLeft className="size-3" aria-hidden />
                {t('previous')}
              </span>
              <span className="mt-1 block font-medium">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              href={`/docs/${next.slug}`}
              rel="next"
              className="rounded-lg border border-border p-4 text-right hover:border-primary/60"
              data-testid="docs-next"
            >
              <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
                {t('next')}
                <ArrowRight className="size-3" aria-hidden />
              </span>
              <span className="mt-1 block font-medium">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      </article>

      {doc.toc.length > 0 ? (
        <nav aria-labelledby="toc-heading" className="hidden xl:sticky xl:top-24 xl:block xl:self-start" data-testid="docs-toc">
          <h2 id="toc-heading" className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('onThisPage')}
          </h2>
          <ul className="space-y-2 text-sm">
            {doc.toc.map((item) => (
              <li key={item.id} className={item.depth === 3 ? 'pl-3' : undefined}>
                <a href={`#${item.id}`} className="text-muted-foreground hover:text-foreground">
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
