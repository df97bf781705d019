import 'server-only';
import { compareSearchRecords, replaySearch, type SearchChanges, type SearchRecord, type SourceRegistry } from '@citewise/scholar';
import type { ReplaySearchesRequest } from '../schema';

export type ReplayedSearches = { replayed_at: string; searches: SearchRecord[]; changes: SearchChanges[] };

/**
 * A search log's searches sent again as they were recorded (query, options, sources, translation), and what each
 * finds now compared with what it found then. Sent together: each source keeps its own rate limit.
 */
export async function replaySearches(registry: SourceRegistry, input: ReplaySearchesRequest, signal?: AbortSignal): Promise<ReplayedSearches> {
  const searches = input.searches as SearchRecord[];
  const replayed = await Promise.all(searches.map((record) => replaySearch(registry, record, signal)));
  return {
    replayed_at: new Date().toISOString(),
    searches: replayed,
    changes: searches.map((record, i) => compareSearchRecords(record, replayed[i]!)),
  };
}
