import { CITATION_STYLES } from '@citewise/scholar';
import { notFound } from 'next/navigation';
import { requireUser } from '@/lib/auth/session';
import { localizePath, type Locale } from '@/lib/i18n/routing';
import { ASK_APP } from '@/features/ai/ask-limits';
import { getConversationMessages } from '@/features/ai/server/get-conversation-messages';
import { AskView } from './ask-view';

/**
 * The research page's Ask tab, rendered on the server with the conversation the address names (its latest messages
 * as they were shown); another account's conversation is not found. The route pages hand it to the research page,
 * which shows it as a tab beside search and check.
 */
export async function AskPanel({ locale, conversationId = null }: { locale: Locale; conversationId?: string | null }) {
  const user = await requireUser(locale);
  const page = conversationId ? await getConversationMessages(ASK_APP, user, conversationId) : null;
  if (conversationId && !page) notFound();
  const styles = CITATION_STYLES.map((style) => ({ id: style.id, name: style.name[locale] }));
  return <AskView styles={styles} basePath={localizePath('/ai/research/ask', locale)} initial={conversationId && page ? { conversationId, page } : null} />;
}
