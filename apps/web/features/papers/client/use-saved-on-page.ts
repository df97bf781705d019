'use client';

import type { Paper } from '@citewise/scholar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { savedStateKey, type SavedState } from '@/features/papers/components/save-button';
import { useApi } from '@/lib/api/use-api';

/**
 * Which papers of a page of results are in the user's library, asked once for the page rather than once per row;
 * each answer seeds the save buttons' own cache entries, so the panel and the rows agree.
 */
export function useSavedOnPage(papers: readonly Paper[]): boolean {
  const api = useApi();
  const queryClient = useQueryClient();
  const paperIds = papers.map((paper) => paper.id);
  const lookup = useQuery({
    queryKey: ['library-saved-on-page', paperIds],
    queryFn: ({ signal }) => api.fetch<{ saved: Record<string, string> }>('/api/library/papers/saved', { body: { paperIds }, signal }),
    enabled: paperIds.length > 0,
  });
  const idsKey = paperIds.join('\n');
  useEffect(() => {
    if (!lookup.data || !idsKey) return;
    for (const id of idsKey.split('\n')) {
      const entry = lookup.data.saved[id];
      // A save made on this page since the lookup stays known.
      if (!queryClient.getQueryData<SavedState>(savedStateKey(id)))
        queryClient.setQueryData(savedStateKey(id), (entry ? { id: entry } : null) satisfies SavedState);
    }
  }, [lookup.data, idsKey, queryClient]);
  return lookup.isSuccess || lookup.isError;
}
