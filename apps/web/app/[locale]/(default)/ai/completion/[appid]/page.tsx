import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { PageHeader, Section } from '@/components/section';
import { CompletionApp } from '@/features/ai/components/completion-app';
import { findAiApp } from '@/features/ai/find-ai-app';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';
import { completionAppMessages } from '@/features/ai/messages';

type Props = LocaleParams<{ appid: string }>;

async function load(props: Props) {
  const locale = await pageLocale(props);
  const app = findAiApp((await props.params).appid, 'completion');
  if (!app) notFound();
  const t = await getTranslations({ locale, namespace: `aiApps.${app.id as 'academic-polish'}` });
  return { locale, app, t };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { locale, app, t } = await load(props);
  return {
    ...constructMetadata({ title: t('title'), description: t('description'), path: `/ai/completion/${app.id}`, locale }),
    robots: { index: false, follow: false },
  };
}

/** /ai/completion/{appid}: a writing tool (polish, translate, abstract). Signed in only. */
export default async function CompletionPage(props: Props) {
  const { locale, app, t } = await load(props);
  const user = await requireUser(locale);
  const messages = await getMessages();
  return (
    <Section>
      <PageHeader title={t('title')} lead={t('description')} />
      <div className="mt-8">
        <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, completionAppMessages)} timeZone="UTC">
          <CompletionApp appId={app.id} userId={user.id} showDiff={app.id === 'academic-polish'} />
        </IntlClientProvider>
      </div>
    </Section>
  );
}
