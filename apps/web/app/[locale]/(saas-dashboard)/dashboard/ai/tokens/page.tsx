import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { UsageView } from '@/features/ai/components/usage-view';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { aiUsageMessages } from '@/features/ai/messages';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'dashboard.aiUsage' });
  return { title: t('title') };
}

/** /dashboard/ai/tokens: the signed-in user's AI messages and tokens this month, and what is left of the quota. */
export default async function AiUsagePage(props: LocaleParams) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'dashboard.aiUsage' }), getMessages()]);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, aiUsageMessages)} timeZone="UTC">
        <UsageView />
      </IntlClientProvider>
    </div>
  );
}
