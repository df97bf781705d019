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

type Props = LocaleParams<{ appid: string }> & { searchParams?: Promise<Record<string, string | string[] | undefined>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** /ai/completion/{appid}: a writing tool (polish, translate, abstract), `?note=` when opened from a note. Signed in only. */
export default async function CompletionPage(props: Props) {
  const { locale, app, t } = await load(props);
  await requireUser(locale);
  const [messages, search] = await Promise.all([getMessages(), props.searchParams]);
  // `?note=`: opened from a note's "Writing tools" menu (features/notes), whose paragraph this page then holds.
  const noteId = typeof search?.note === 'string' && UUID.test(search.note) ? search.note : null;
  return (
    <Section>
      <PageHeader title={t('title')} lead={t('description')} />
      <div className="mt-8">
        <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, completionAppMessages)} timeZone="UTC">
          <CompletionApp appId={app.id} noteId={noteId} showDiff={app.id === 'academic-polish'} />
        </IntlClientProvider>
      </div>
    </Section>
  );
}
