// One federated search written down so that it can be sent again: the query as sent, the options besides it, the
// translation searched beside it, what each source answered and the ranked result ids. The AI runtime keeps one per
// search in its search logs; `replaySearch` sends a record again, with the same translation (not a new one, which a
// model might word differently), so what changed is what the sources answer.
import { z } from 'zod';
import type { SourceRegistry } from '../sources/registry';
import { SOURCE_IDS } from '../sources/source';
import type { QueryTranslation } from '../translate/translate-query';
import { searchFederated } from './federated-search';
import type { FederatedSearchResult, SearchedTranslation } from './types';

/** How one source answered, as a log line (snake case: the record is JSON a person may read and keep). */
export type SourceLine = { source: string; state: string; returned: number | null; total: number | null; took_ms: number | null; message?: string };

export type SearchRecordOptions = { limit: number; translate: 'auto' | 'off'; sort: 'relevance' | 'newest'; sources: string[] };

export type SearchRecord = {
  query: string;
  options: SearchRecordOptions;
  /** The translation searched beside the query (engine, terms, text), or null when none was. */
  translation: SearchedTranslation | null;
  sources: SourceLine[];
  /** The merged results, best first. */
  results: Array<{ id: string; title: string; year: number | null; doi: string | null; sources: string[]; score: number }>;
  took_ms: number;
};

/** A source's status (or any answer shaped like one, such as a user's library) as a log line. */
export function sourceLine(status: { source: string; state: string; returned?: number; total?: number | null; tookMs?: number; message?: string }): SourceLine {
  const ok = status.state === 'ok';
  return {
    source: status.source,
    state: status.state,
    returned: ok ? (status.returned ?? 0) : null,
    total: ok ? (status.total ?? null) : null,
    took_ms: status.tookMs ?? null,
    ...(!ok && status.message ? { message: status.message } : {}),
  };
}

/** The record of a search, from what was sent and what came back. */
export function searchRecord(query: string, options: Omit<SearchRecordOptions, 'sources'>, result: FederatedSearchResult, tookMs: number): SearchRecord {
  return {
    query,
    options: { ...options, sources: result.sources.map((s) => s.source) },
    translation: result.translation,
    sources: result.sources.map(sourceLine),
    results: result.results.map((hit) => ({
      id: hit.paper.id,
      title: hit.paper.title,
      year: hit.paper.issued?.year ?? null,
      doi: hit.paper.doi,
      sources: hit.sources,
      score: Math.round(hit.score * 10_000) / 10_000,
    })),
    took_ms: tookMs,
  };
}

const text = (max: number) => z.string().max(max);

/** A record as someone sends it back to be replayed: strictly typed and capped, since it comes from a client. */
export const searchRecordSchema = z.object({
  query: z.string().trim().min(1).max(1000),
  options: z.object({
    limit: z.number().int().min(1).max(100),
    translate: z.enum(['auto', 'off']),
    sort: z.enum(['relevance', 'newest']),
    sources: z.array(z.enum(SOURCE_IDS)).min(1).max(SOURCE_IDS.length),
  }),
  translation: z
    .object({
      from: z.enum(['zh', 'en']),
      to: z.enum(['zh', 'en']),
      engine: z.enum(['dictionary', 'llm']),
      // `via` (which list translated a term) where the translation says it; kept so the replay searches the same.
      terms: z.array(z.object({ source: text(200), translations: z.array(text(200)).max(20), via: z.enum(['glossary', 'dictionary']).optional() })).max(200),
      text: text(2000).optional(),
      searched: z.array(text(500)).max(200),
      // What the person was told was translated; a record from before it was kept has none.
      shown: z
        .array(z.object({ source: text(2000), target: text(2000), via: z.enum(['glossary', 'dictionary', 'model']) }))
        .max(200)
        .default([]),
    })
    .nullable(),
  sources: z
    .array(
      z.object({
        source: text(50),
        state: text(20),
        returned: z.number().int().nullable(),
        total: z.number().int().nullable(),
        took_ms: z.number().nullable(),
        message: text(1000).optional(),
      }),
    )
    .max(20),
  results: z
    .array(
      z.object({
        id: text(300),
        title: text(2000),
        year: z.number().int().nullable(),
        doi: text(300).nullable(),
        sources: z.array(text(50)).max(20),
        score: z.number(),
      }),
    )
    .max(100),
  took_ms: z.number().min(0),
});

/** Sends a recorded search again: its query, options and sources, and the translation it searched then. */
export async function replaySearch(registry: SourceRegistry, record: SearchRecord, signal?: AbortSignal): Promise<SearchRecord> {
  const startedAt = Date.now();
  const recorded: QueryTranslation | null = record.translation
    ? {
        from: record.translation.from,
        to: record.translation.to,
        engine: record.translation.engine,
        terms: record.translation.terms,
        ...(record.translation.text ? { text: record.translation.text } : {}),
      }
    : null;
  const result = await searchFederated(
    registry,
    {
      query: record.query,
      limit: record.options.limit,
      translate: record.options.translate,
      sort: record.options.sort,
      sources: record.options.sources as Array<(typeof SOURCE_IDS)[number]>,
    },
    { signal, translate: () => recorded },
  );
  const { limit, translate, sort } = record.options;
  return searchRecord(record.query, { limit, translate, sort }, result, Date.now() - startedAt);
}
