import 'server-only';
import type { Database } from '@citewise/db';
import { searchFederated, MAX_SEARCH_DEPTH, type SourceRegistry } from '@citewise/scholar';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../schema';
import type { UserClaims } from '@/lib/db/user-db';
import { matchedWords } from './matched-words';
import { queryTranslator } from './query-translator';
import type { SearchPage } from './search-page-type';

export type { SearchPage };

/**
 * One page of federated search across the switched-on sources (or those asked for). One result more than the page
 * is asked for, to know whether a next page exists; the last allowed page asks for none more.
 */
export async function searchPapers(
  db: Database,
  registry: SourceRegistry,
  input: SearchQuery,
  signal?: AbortSignal,
  claims: UserClaims | null = null,
): Promise<SearchPage> {
  const offset = (input.page - 1) * SEARCH_PAGE_SIZE;
  const lookahead = offset + SEARCH_PAGE_SIZE + 1 <= MAX_SEARCH_DEPTH ? 1 : 0;
  const filters = {
    yearFrom: input.yearFrom,
    yearTo: input.yearTo,
    fields: input.field ? [input.field] : undefined,
    hasAbstract: input.hasAbstract || undefined,
    language: input.language,
  };
  const result = await searchFederated(
    registry,
    {
      query: input.q,
      sources: input.sources,
      sort: input.sort,
      limit: SEARCH_PAGE_SIZE + lookahead,
      offset,
      translate: input.translate,
      filters: Object.values(filters).some((value) => value !== undefined) ? filters : undefined,
    },
    // With a model configured, it translates the query (metered as the user's AI use); else the dictionary.
    { signal, translate: queryTranslator(claims) },
  );
  const results = result.results.slice(0, SEARCH_PAGE_SIZE);
  const translation = result.translation
    ? {
        from: result.translation.from,
        to: result.translation.to,
        engine: result.translation.engine,
        searched: result.translation.searched,
        shown: result.translation.shown,
      }
    : null;
  // Words matched through a translation are marked too.
  const words = result.translation
    ? [input.q, result.translation.text ?? '', ...result.translation.terms.flatMap((term) => term.translations)].join(' ')
    : input.q;
  return {
    query: result.query,
    results,
    page: input.page,
    pageSize: SEARCH_PAGE_SIZE,
    hasMore: result.results.length > SEARCH_PAGE_SIZE,
    sources: result.sources,
    matched: await matchedWords(db, words, results),
    translation,
  };
}
