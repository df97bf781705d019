import type { useTranslations } from 'next-intl';

/** The runtime's refusals of a library choice (platform/ai/src/chat/library-papers.ts), by their message keys. */
const LIBRARY_ERRORS = {
  library_paper_not_found: 'libraryPaperNotFound',
  library_collection_not_found: 'libraryCollectionNotFound',
  library_collection_empty: 'libraryCollectionEmpty',
  library_collection_too_large: 'libraryCollectionTooLarge',
} as const;

/** The most papers of a collection the runtime reads (its MAX_LIBRARY_PAPERS, which the refusal names too). */
const MAX_PAPERS = 20;

/** Whether a refusal is about the library choice: trying again would be refused again. */
export const isLibraryError = (code: string) => code in LIBRARY_ERRORS;

/** A refusal of the library choice in the page's language (the runtime's own words are English), else null. */
export function libraryErrorText(t: ReturnType<typeof useTranslations<'aiChat.errors'>>, code: string): string | null {
  const key = LIBRARY_ERRORS[code as keyof typeof LIBRARY_ERRORS];
  return key ? t(key, { max: MAX_PAPERS }) : null;
}
