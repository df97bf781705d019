// The search API's answer, as a type the client may import (search-papers.ts itself is server-only).
import type { FederatedHit, ShownTranslation, SourceStatus } from '@citewise/scholar';

export type SearchPage = {
  query: string;
  results: FederatedHit[];
  page: number;
  pageSize: number;
  /** Whether another page can be asked for (sources are searched to at most ten pages). */
  hasMore: boolean;
  sources: SourceStatus[];
  /** Words of these titles and abstracts the query matched (lower case), for highlighting. */
  matched: string[];
  /**
   * What was also searched, in the other language (translate=auto), or null: the translations searched, and what
   * the page says was translated and how (glossary, dictionary or model).
   */
  translation: { from: 'en' | 'zh'; to: 'en' | 'zh'; engine: 'dictionary' | 'llm'; searched: string[]; shown: ShownTranslation[] } | null;
};
