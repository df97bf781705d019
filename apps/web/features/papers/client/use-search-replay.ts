'use client';

import { useCallback, useEffect, useState } from 'react';
import { keepReplay, storedReplay, type SearchLog, type SearchReplay } from '@/features/papers/search-log';
import { useApi } from '@/lib/api/use-api';

type ReplayState = { replay: SearchReplay | null; running: boolean; error: unknown };

/**
 * "Run again" for one search log: sends its searches to the replay API and keeps the answer in this browser, so the
 * comparison is still there after a reload (the last replay of each log). No query client: the chat pages have none.
 */
export function useSearchReplay(log: SearchLog) {
  const api = useApi();
  const [state, setState] = useState<ReplayState>({ replay: null, running: false, error: null });
  // Read after mounting: the server renders no browser storage.
  useEffect(() => setState((s) => ({ ...s, replay: storedReplay(log) })), [log]);

  const run = useCallback(async () => {
    if (!log.searches?.length) return;
    setState((s) => ({ ...s, running: true, error: null }));
    try {
      const replay = await api.fetch<SearchReplay>('/api/scholar/replay', { body: { searches: log.searches } });
      keepReplay(log, replay);
      setState({ replay, running: false, error: null });
    } catch (error) {
      setState((s) => ({ ...s, running: false, error }));
    }
  }, [log, api]);

  return { ...state, run };
}
