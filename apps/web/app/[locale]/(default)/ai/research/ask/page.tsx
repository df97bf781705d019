import type { Metadata } from 'next';
import { AskPanel } from '@/features/ai/components/ask/ask-panel';
import { ResearchPage, researchMetadata } from '@/features/research/components/research-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  return researchMetadata(await pageLocale(props));
}

/** /ai/research/ask: a new question to the research assistant, beside the earlier ones. Signed in only. */
export default async function AskPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  return <ResearchPage locale={locale} tab="ask" askPanel={<AskPanel locale={locale} />} />;
}
