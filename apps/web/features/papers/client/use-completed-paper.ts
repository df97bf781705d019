'use client';

import type { FilledPaper, Paper } from '@citewise/scholar';
import { useQuery } from '@tanstack/react-query';
import { missingFields } from '@/features/papers/components/paper-meta';
import { useApi } from '@/lib/api/use-api';

/**
 * The record as shown and cited: an incomplete one is completed from an online source when one has the same work
 * (`filled` names each field taken and its source); a complete one, or while asking, is shown as it is.
 */
export function useCompletedPaper(paper: Paper | null): { paper: Paper | null; filled: FilledPaper['filled'] } {
  const api = useApi();
  const incomplete = !!paper && missingFields(paper).length > 0;
  const completed = useQuery({
    queryKey: ['complete', paper?.id ?? null],
    queryFn: () => api.fetch<FilledPaper>('/api/scholar/complete', { body: { paper } }),
    enabled: incomplete,
    staleTime: Infinity,
    retry: false,
  });
  if (!paper || !incomplete || !completed.data) return { paper, filled: {} };
  return completed.data;
}
