import type { Metadata } from 'next';
import { ChatPage, chatPageMetadata } from '@/features/ai/components/chat-page';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string; appid: string; conversationId: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  return chatPageMetadata(await pageLocale(props), (await props.params).appid);
}

/** /ai/chat/{appid}/{conversationId}: one of the user's conversations, as it was; 404 for anyone else's. */
export default async function ConversationPage(props: Props) {
  const { appid, conversationId } = await props.params;
  return <ChatPage locale={await pageLocale(props)} appId={appid} conversationId={conversationId} />;
}
