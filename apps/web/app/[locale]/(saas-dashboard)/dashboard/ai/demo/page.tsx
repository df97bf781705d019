import { CITATION_STYLES } from '@citewise/scholar';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { availableAiApps } from '@/config/ai-apps';
import { AiDemo } from '@/features/ai/components/ai-demo';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { RUN_ID } from '@/features/ai/schema';
import { aiDemoMessages } from '@/features/ai/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'dashboard.aiDemo' });
  return { title: t('title') };
}

/** /dashboard/ai/demo: every AI app there is, tried in place (`?app=` picks one), with the cost of a run. */
export default async function AiDemoPage(props: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [t, tApps, messages, search] = await Promise.all([
    getTranslations({ locale, namespace: 'dashboard.aiDemo' }),
    getTranslations({ locale, namespace: 'aiApps' }),
    getMessages(),
    props.searchParams,
  ]);
  const apps = availableAiApps().map((app) => ({
    ...app,
    title: tApps(`${app.id as 'research'}.title`),
    description: tApps(`${app.id as 'research'}.description`),
  }));
  const wanted = typeof search.app === 'string' ? search.app : '';
  const initialAppId = apps.some((app) => app.id === wanted) ? wanted : apps[0]!.id;
  // A workflow run in the address (`?run=`, set when a run starts or opens) opens again after a reload.
  const run = typeof search.run === 'string' && RUN_ID.test(search.run) ? search.run : null;
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, aiDemoMessages)} timeZone="UTC">
        <AiDemo apps={apps} initialAppId={initialAppId} styles={styles} initialRunId={run} />
      </IntlClientProvider>
    </div>
  );
}
