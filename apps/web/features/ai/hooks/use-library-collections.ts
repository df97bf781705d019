'use client';

import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/api/use-api';
import type { LibraryCollection } from '@/features/library/types';

/** The user's library collections by name, for the AI tools that run over one (the review, Ask). */
export function useLibraryCollections(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['ai-library-collections'],
    queryFn: async () => (await api.fetch<{ collections: LibraryCollection[] }>('/api/library/collections')).collections,
    staleTime: 30_000,
    enabled,
  });
}
