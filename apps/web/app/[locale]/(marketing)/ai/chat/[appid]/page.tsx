import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { PageHeader, Section } from '@/components/section';
import { aiApps } from '@/config/ai-apps';
import { ChatApp } from '@/features/ai/components/chat-app';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale } from '@/lib/i18n/page';
import { constructMetadata } from '@/lib/metadata';

type Props = { params: Promise<{ locale: string; appid: string }> };

/** Apps that speak the chat protocol: the chat apps, and the research assistant (a chat app of the runtime). */
function chatApp(id: string) {
  return aiApps.find((app) => app.id === id && (app.kind === 'chat' || app.kind === 'research'));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const locale = await pageLocale(props);
  const app = chatApp((await props.params).appid);
  if (!app) return {};
  const t = await getTranslations({ locale, namespace: `aiApps.${app.id}` });
  return { ...constructMetadata({ title: t('title'), description: t('description'), path: `/ai/chat/${app.id}`, locale }), robots: { index: false, follow: false } };
}

/** /ai/chat/{appid}: a conversation with one of the AI chat apps. Signed in only; other app ids are not found. */
export default async function ChatPage(props: Props) {
  const locale = await pageLocale(props);
  const app = chatApp((await props.params).appid);
  if (!app) notFound();
  await requireUser(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: `aiApps.${app.id}` }), getMessages()]);
  return (
    <Section>
      <PageHeader title={t('title')} lead={t('description')} />
      <div className="mt-8">
        <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, ['aiChat', 'aiChatMore', 'aiInputs', 'aiWorkflow'])} timeZone="UTC">
          <ChatApp appId={app.id} />
        </IntlClientProvider>
      </div>
    </Section>
  );
}
