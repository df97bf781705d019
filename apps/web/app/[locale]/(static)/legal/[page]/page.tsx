import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Prose } from '@/components/prose';
import { formatDay } from '@/features/content/format-date';
import { readEntry } from '@/lib/content/files';
import { Markdown } from '@/lib/content/render';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { routing } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';

type Props = LocaleParams<{ page: string }>;

const legalPages = ['privacy', 'terms'] as const;

// Only the pages generated at build exist. Any other value falls through to the [...rest] route, which renders
// the 404 per request: a 404 rendered here would be cached like a page, with the first request's CSP nonce.
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => legalPages.map((page) => ({ locale, page })));
}

async function load(props: Props) {
  const locale = await pageLocale(props);
  const { page } = await props.params;
  const entry = (legalPages as readonly string[]).includes(page) ? readEntry('legal', page, locale) : null;
  if (!entry) notFound();
  return { locale, entry };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, entry } = await load(props);
  return constructMetadata({ title: entry.meta.title, description: entry.meta.description, path: `/legal/${entry.slug}`, locale });
}

export default async function LegalPage(props: Props) {
  const { locale, entry } = await load(props);
  const t = await getTranslations({ locale, namespace: 'legal' });
  return (
    <article className="mx-auto max-w-3xl">
      <header className="space-y-3 border-b border-border pb-6">
        <h1 className="text-4xl font-bold tracking-tight">{entry.meta.title}</h1>
        <p className="text-sm text-muted-foreground">{t('updated', { date: formatDay(entry.meta.updated, locale) })}</p>
      </header>
      <Prose className="mt-8">
        <Markdown source={entry.body} />
      </Prose>
    </article>
  );
}
