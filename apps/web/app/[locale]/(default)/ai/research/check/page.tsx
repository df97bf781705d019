import type { Metadata } from 'next';
import { AskPanel } from '@/features/ai/components/ask/ask-panel';
import { ResearchPage, researchMetadata } from '@/features/research/components/research-page';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  return researchMetadata(await pageLocale(props));
}

/** /ai/research/check: check a reference list against the literature (the check tab). Signed in only. */
export default async function CheckPage(props: LocaleParams) {
  const locale = await pageLocale(props);
  return <ResearchPage locale={locale} tab="check" askPanel={<AskPanel locale={locale} />} />;
}
