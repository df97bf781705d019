// The run's search log, sent in `message_end.metadata.search_log` (an addition to Dify's metadata, which
// clients ignore when they don't know it): what was asked of which literature source, what each returned and
// how long it took, so a researcher can see, keep and repeat how the answer's papers were found.
import type { Retrieval } from './retrieve';

export type SearchLog = {
  queries: string[];
  sources: Array<{ source: string; state: string; returned: number | null; total: number | null; took_ms: number | null; message?: string }>;
  results: number;
  took_ms: number;
  searched_at: string;
};

export function searchLog(query: string, retrieval: Retrieval, tookMs: number, now = new Date()): SearchLog {
  return {
    queries: [query.slice(0, 1000)],
    sources: retrieval.sources.map((status) => ({
      source: status.source,
      state: status.state,
      returned: status.state === 'ok' ? status.returned : null,
      total: status.state === 'ok' ? status.total : null,
      took_ms: 'tookMs' in status ? status.tookMs : null,
      ...(status.state === 'ok' ? {} : { message: status.message }),
    })),
    results: retrieval.evidence.length,
    took_ms: tookMs,
    searched_at: now.toISOString(),
  };
}
