import type { Metadata } from 'next';
import { ChatPage, chatPageMetadata } from '@/features/ai/components/chat-page';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string; appid: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  return chatPageMetadata(await pageLocale(props), (await props.params).appid);
}

/** /ai/chat/{appid}: a new conversation with one of the AI chat apps (features/ai/components/chat-page.tsx). */
export default async function ChatAppPage(props: Props) {
  return <ChatPage locale={await pageLocale(props)} appId={(await props.params).appid} />;
}
