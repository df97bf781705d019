import { CITATION_STYLES, sourcesConfigFromEnv } from '@citewise/scholar';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { Section } from '@/components/section';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';
import { ResearchApp, type ResearchTab } from './research-app';
import { ResearchHeader } from './research-header';
import { researchMessages } from '@/features/research/messages';

export async function researchMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'research.meta' });
  return { ...constructMetadata({ title: t('title'), description: t('description'), path: '/ai/research', locale }), robots: { index: false, follow: false } };
}

/**
 * /ai/research (search), /ai/research/ask[/{conversationId}] and /ai/research/check: search the literature, ask the
 * research assistant, check a reference list. One page with a tab per tool; the address names the tab and Ask's
 * conversation, so a reload or a shared link (same account) opens them again. The Ask tab is the AI chat's
 * (`AskPanel` of features/ai), handed in by the route page. Signed in only.
 */
export async function ResearchPage({ locale, tab, askPanel }: { locale: Locale; tab: ResearchTab; askPanel: ReactNode }) {
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'research' }), getMessages()]);
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  const paths = {
    search: localizePath('/ai/research', locale),
    ask: localizePath('/ai/research/ask', locale),
    check: localizePath('/ai/research/check', locale),
  };
  return (
    <Section className="py-4 sm:py-6">
      <ResearchHeader title={t('title')} lead={t('lead')} />
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, researchMessages)} timeZone="UTC">
        <ResearchApp sources={sourcesConfigFromEnv().enabled} styles={styles} tab={tab} paths={paths} askPanel={askPanel} />
      </IntlClientProvider>
    </Section>
  );
}
