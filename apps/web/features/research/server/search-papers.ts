import 'server-only';
import { searchFederated, MAX_SEARCH_DEPTH, type SourceRegistry } from '@citewise/scholar';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../schema';
import type { SearchPage } from './search-page-type';

export type { SearchPage };

/** One page of federated search across the switched-on sources (or those asked for). */
export async function searchPapers(registry: SourceRegistry, input: SearchQuery, signal?: AbortSignal): Promise<SearchPage> {
  const offset = (input.page - 1) * SEARCH_PAGE_SIZE;
  const filters = {
    yearFrom: input.yearFrom,
    yearTo: input.yearTo,
    fields: input.field ? [input.field] : undefined,
    hasAbstract: input.hasAbstract || undefined,
  };
  const result = await searchFederated(
    registry,
    {
      query: input.q,
      sources: input.sources,
      sort: input.sort,
      limit: SEARCH_PAGE_SIZE,
      offset,
      filters: Object.values(filters).some((value) => value !== undefined) ? filters : undefined,
    },
    { signal },
  );
  return {
    query: result.query,
    results: result.results,
    page: input.page,
    pageSize: SEARCH_PAGE_SIZE,
    hasMore: result.total > offset + SEARCH_PAGE_SIZE && offset + 2 * SEARCH_PAGE_SIZE <= MAX_SEARCH_DEPTH,
    sources: result.sources,
  };
}
