import { CITATION_STYLES, sourcesConfigFromEnv } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { Section } from '@/components/section';
import { ResearchApp } from '@/features/research/components/research-app';
import { ResearchHeader } from '@/features/research/components/research-header';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'research.meta' });
  return { ...constructMetadata({ title: t('title'), description: t('description'), path: '/ai/research', locale }), robots: { index: false, follow: false } };
}

/** /ai/research: search the literature, read and cite papers, save them, and check a reference list. Signed in only. */
export default async function ResearchPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'research' }), getMessages()]);
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  return (
    <Section className="py-4 sm:py-6">
      <ResearchHeader title={t('title')} lead={t('lead')} />
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, ['research', 'validation'])} timeZone="UTC">
        <ResearchApp sources={sourcesConfigFromEnv().enabled} styles={styles} />
      </IntlClientProvider>
    </Section>
  );
}
