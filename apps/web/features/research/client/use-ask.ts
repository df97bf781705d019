'use client';

import { useCallback, useRef, useState } from 'react';
import { AiError } from '@/features/ai/client/dify-error';
import { streamDify } from '@/features/ai/client/dify-stream';
import type { FlaggedCitation, RetrieverResource } from '@/features/ai/client/dify-types';

/** The run's search log (platform/ai `message_end.metadata.search_log`). */
export type SearchLog = {
  queries: string[];
  sources: Array<{ source: string; state: string; returned: number | null; total: number | null; took_ms: number | null; message?: string }>;
  results: number;
  took_ms: number;
  searched_at: string;
};

export type AskState = {
  status: 'idle' | 'streaming' | 'done' | 'error';
  question: string;
  answer: string;
  resources: RetrieverResource[];
  flagged: FlaggedCitation[];
  searchLog: SearchLog | null;
  /** No model wrote this: the runtime returned the extractive evidence. */
  extractive: boolean;
  error: AiError | null;
};

const initial: AskState = { status: 'idle', question: '', answer: '', resources: [], flagged: [], searchLog: null, extractive: false, error: null };

type EndMetadata = {
  retriever_resources?: RetrieverResource[];
  citation_check?: { flagged?: FlaggedCitation[] };
  search_log?: SearchLog;
  answer_source?: string;
};

/** One question to the research assistant (appid `research`), streamed through the product's AI proxy. */
export function useAsk(locale: string) {
  const [state, setState] = useState<AskState>(initial);
  const controller = useRef<AbortController | null>(null);

  const ask = useCallback(
    async (question: string, options: { searchLibrary?: boolean } = {}) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...initial, status: 'streaming', question });
      try {
        await streamDify({
          appId: 'research',
          path: 'chat-messages',
          body: { query: question, inputs: options.searchLibrary ? { search_library: 'yes' } : {} },
          locale,
          signal: abort.signal,
          onEvent: (event) => {
            if (event.event === 'message') setState((s) => ({ ...s, answer: s.answer + event.answer }));
            else if (event.event === 'message_replace') setState((s) => ({ ...s, answer: event.answer }));
            else if (event.event === 'message_end') {
              const metadata = (event.metadata ?? {}) as EndMetadata;
              setState((s) => ({
                ...s,
                resources: metadata.retriever_resources ?? [],
                flagged: metadata.citation_check?.flagged ?? [],
                searchLog: metadata.search_log ?? null,
                extractive: metadata.answer_source === 'extractive_evidence',
              }));
            }
          },
        });
        setState((s) => ({ ...s, status: 'done' }));
      } catch (error) {
        const failure = error instanceof AiError ? error : new AiError('other', 'internal_error', String(error), 500);
        setState((s) => ({ ...s, status: 'error', error: failure }));
      }
    },
    [locale],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  return { state, ask, stop };
}
