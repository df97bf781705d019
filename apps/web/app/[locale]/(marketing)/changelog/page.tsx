import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prose } from '@/components/prose';
import { PageHeader, Section } from '@/components/section';
import { formatDay } from '@/features/content/format-date';
import { readAll } from '@/lib/content/files';
import { Markdown } from '@/lib/content/render';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return constructMetadata({ title: t('changelogTitle'), description: t('changelogDescription'), path: '/changelog', locale });
}

export default async function ChangelogPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'changelog' });
  const entries = readAll('changelog', locale).sort((a, b) => b.meta.date.localeCompare(a.meta.date) || b.slug.localeCompare(a.slug));

  return (
    <Section className="max-w-4xl">
      <PageHeader title={t('title')} lead={t('lead')} />
      <ol className="mt-12 space-y-16">
        {entries.map((entry) => (
          <li key={entry.slug} className="grid gap-4 md:grid-cols-[10rem_1fr]" data-testid="changelog-entry">
            <time dateTime={entry.meta.date} className="text-sm font-medium text-muted-foreground md:pt-1">
              {formatDay(entry.meta.date, locale)}
            </time>
            <article id={entry.slug} className="min-w-0">
              <h2 className="text-2xl font-semibold tracking-tight">{entry.meta.title}</h2>
              <p className="mt-2 text-muted-foreground">{entry.meta.description}</p>
              <Prose className="mt-6">
                <Markdown source={entry.body} />
              </Prose>
            </article>
          </li>
        ))}
      </ol>
    </Section>
  );
}
