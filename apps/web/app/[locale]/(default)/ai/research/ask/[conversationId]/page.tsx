import type { Metadata } from 'next';
import { AskPanel } from '@/features/ai/components/ask/ask-panel';
import { ResearchPage, researchMetadata } from '@/features/research/components/research-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

type Props = LocaleParams<{ conversationId: string }>;

export async function generateMetadata(props: Props): Promise<Metadata> {
  return researchMetadata(await pageLocale(props));
}

/** /ai/research/ask/{conversationId}: one of the user's questions, its answer as it was shown; 404 for anyone else's. */
export default async function AskConversationPage(props: Props) {
  const { conversationId } = await props.params;
  const locale = await pageLocale(props);
  return <ResearchPage locale={locale} tab="ask" askPanel={<AskPanel locale={locale} conversationId={conversationId} />} />;
}
