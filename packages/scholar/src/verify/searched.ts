// Where a check looked and what each source did, and whether that is enough to call a work absent.
import type { SourceStatus } from '../search/types';
import { SOURCE_IDS, type SourceId } from '../sources/source';
import type { SearchedSource, SearchedState } from './types';

/**
 * Indexes broad enough that absence from them means something. arXiv and PubMed cover one field each, and the
 * local corpus is a sample: a famous paper missing from those alone is not evidence of invention.
 */
export const BROAD_SOURCES: readonly SourceId[] = ['openalex', 'crossref'];

function stateOf(status: SourceStatus): SearchedState {
  if (status.state === 'ok') return 'answered';
  if (status.state === 'timeout') return 'timed_out';
  if (status.state === 'disabled') return 'not_configured';
  return status.code === 'network_error' ? 'unreachable' : 'failed';
}

/** One entry per known source: those consulted by their status, every other one as not configured. */
export function searchedSources(checked: SourceStatus[]): SearchedSource[] {
  const consulted: SearchedSource[] = checked.map((status) => ({ source: status.source, state: stateOf(status) }));
  const rest = SOURCE_IDS.filter((id) => !checked.some((s) => s.source === id)).map((source) => ({ source, state: 'not_configured' as const }));
  return [...consulted, ...rest];
}

/** True when at least one broad index answered every question put to it. */
export function broadSourceAnswered(checked: SourceStatus[]): boolean {
  return checked.some((s) => s.state === 'ok' && BROAD_SOURCES.includes(s.source));
}
