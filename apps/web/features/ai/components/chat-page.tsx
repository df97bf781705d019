import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { PageHeader, Section } from '@/components/section';
import { aiApps } from '@/config/ai-apps';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { redirect } from '@/lib/i18n/navigation';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { constructMetadata } from '@/lib/metadata';
import { getConversationMessages } from '../server/get-conversation-messages';
import { ChatApp } from './chat-app';
import { chatAppMessages } from '@/features/ai/messages';

/** Apps that speak the chat protocol: the chat apps, and the research assistant (a chat app of the runtime). */
export function chatAppOf(id: string) {
  return aiApps.find((app) => app.id === id && (app.kind === 'chat' || app.kind === 'research'));
}

export async function chatPageMetadata(locale: Locale, appId: string): Promise<Metadata> {
  const app = chatAppOf(appId);
  if (!app) return {};
  const t = await getTranslations({ locale, namespace: `aiApps.${app.id}` });
  return {
    ...constructMetadata({ title: t('title'), description: t('description'), path: `/ai/chat/${app.id}`, locale }),
    robots: { index: false, follow: false },
  };
}

/**
 * /ai/chat/{appid} and /ai/chat/{appid}/{conversationId}: a conversation with one of the AI chat apps. Signed in
 * only; other app ids, and conversations that are not the user's, are not found. The research assistant has one
 * home, Ask on /ai/research, where its conversations open with the same address.
 */
export async function ChatPage({ locale, appId, conversationId = null }: { locale: Locale; appId: string; conversationId?: string | null }) {
  const app = chatAppOf(appId);
  if (!app) notFound();
  const user = await requireUser(locale);
  if (app.kind === 'research') redirect({ href: `/ai/research/ask${conversationId ? `/${encodeURIComponent(conversationId)}` : ''}`, locale });
  const page = conversationId ? await getConversationMessages(app.id, user, conversationId) : null;
  if (conversationId && !page) notFound();
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: `aiApps.${app.id}` }), getMessages()]);
  return (
    <Section>
      <PageHeader title={t('title')} lead={t('description')} />
      <div className="mt-8">
        <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, chatAppMessages)} timeZone="UTC">
          <ChatApp appId={app.id} basePath={localizePath(`/ai/chat/${app.id}`, locale)} initial={conversationId && page ? { conversationId, page } : null} />
        </IntlClientProvider>
      </div>
    </Section>
  );
}
