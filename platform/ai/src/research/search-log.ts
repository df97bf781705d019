// The run's search log, sent where Dify clients ignore what they don't know (`message_end.metadata.search_log`,
// the literature review's `outputs.search_log`): every search as it was sent (query, options, the translation
// searched beside it), what each source answered, the ranked result ids, and the model and prompt that used them.
// With it anyone can send the same searches again and see what changed (the product's "Run again").
import { createHash } from 'node:crypto';
import { sourceLine, type SearchRecord, type SourceLine } from '@citewise/scholar';
import type { AppDefinition } from '../apps/types';
import type { Evidence, RetrievalSource } from './retrieve';

/** One federated search as sent and answered (scholar's record: query, options, translation, sources, ranked ids). */
export type QuerySearch = SearchRecord;

/** The log's own version: a reader refuses (or reads with care) a format it does not know. */
export const SEARCH_LOG_FORMAT = 'citewise.search-log/2';

export type SearchLog = {
  format: typeof SEARCH_LOG_FORMAT;
  app: string;
  /** What the person asked (question or topic), before any query planning. */
  question: string;
  /** The queries as sent, in order (one per search). */
  queries: string[];
  searches: QuerySearch[];
  /** Each source asked, once: summed over the searches, with the worst state any search met. */
  sources: SourceLine[];
  /** The user's library when it was searched too: what it returned (it is theirs, so it is not replayed). */
  library: { returned: number; ids: string[] } | null;
  /** The papers the model was given, in marker order: `[n]` cites `selected[n - 1]`. */
  selected: string[];
  results: number;
  /** The model that wrote the answer, or null (the extractive answer: no model). */
  model: string | null;
  /** The app's prompts, hashed: two logs with the same version were answered under the same instructions. */
  prompt_version: string;
  took_ms: number;
  searched_at: string;
};

const badness: Record<string, number> = { ok: 0, disabled: 1, timeout: 2, error: 3 };

/** One line per source over all searches: results summed, the slowest time, the worst state with its message. */
export function summariseSources(lines: SourceLine[]): SourceLine[] {
  const bySource = new Map<string, SourceLine>();
  for (const line of lines) {
    const seen = bySource.get(line.source);
    if (!seen) {
      bySource.set(line.source, { ...line });
      continue;
    }
    const sum = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));
    const worse = (badness[line.state] ?? 3) > (badness[seen.state] ?? 3) ? line : seen;
    bySource.set(line.source, {
      source: line.source,
      state: worse.state,
      returned: sum(seen.returned, line.returned),
      total: sum(seen.total, line.total),
      took_ms: Math.max(seen.took_ms ?? 0, line.took_ms ?? 0),
      ...(worse.message ? { message: worse.message } : {}),
    });
  }
  return [...bySource.values()];
}

/** A short, stable name for the instructions an answer was written under (the app's prompts and steps). */
export function promptVersion(app: Pick<AppDefinition, 'id' | 'systemPrompt' | 'userPrompt'>, ...more: string[]): string {
  const hash = createHash('sha256')
    .update([app.systemPrompt, app.userPrompt ?? '', ...more].join('\u0000'))
    .digest('hex');
  return `${app.id}@${hash.slice(0, 12)}`;
}

export interface SearchLogInput {
  app: string;
  question: string;
  searches: QuerySearch[];
  /** The library's line and what it returned, when it was searched. */
  library?: { status: RetrievalSource; evidence: Evidence[] } | null;
  selected: Evidence[];
  model: string | null;
  promptVersion: string;
  tookMs: number;
  now?: Date;
}

export function searchLog(input: SearchLogInput): SearchLog {
  const lines = input.searches.flatMap((s) => s.sources);
  if (input.library) lines.push(sourceLine(input.library.status));
  return {
    format: SEARCH_LOG_FORMAT,
    app: input.app,
    question: input.question.slice(0, 2000),
    queries: input.searches.map((s) => s.query),
    searches: input.searches,
    sources: summariseSources(lines),
    library: input.library ? { returned: input.library.evidence.length, ids: input.library.evidence.map((e) => e.paper.id) } : null,
    selected: input.selected.map((e) => e.paper.id),
    results: input.selected.length,
    model: input.model,
    prompt_version: input.promptVersion,
    took_ms: input.tookMs,
    searched_at: (input.now ?? new Date()).toISOString(),
  };
}
