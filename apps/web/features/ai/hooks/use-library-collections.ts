'use client';

import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { useApi } from '@/lib/api/use-api';
import type { LibraryCollection, LibraryListing } from '@/features/library/types';

/** `signedOut`: the API answered `unauthorized` (pages anyone may read offer no library then, and no error). */
export type Loaded<T> = { data: T | undefined; isError: boolean; isPending: boolean; signedOut: boolean };

/**
 * One GET of the product API while `enabled`, as state. The AI pages have no query client of their own (the
 * research page does, the chat and workflow pages do not), so this does not depend on one.
 */
function useLoaded<T>(path: string, enabled: boolean, pick: (body: never) => T): Loaded<T> {
  const api = useApi();
  const [state, setState] = useState<Loaded<T>>({ data: undefined, isError: false, isPending: true, signedOut: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.fetch<never>(path).then(
      (body) => live && setState({ data: pick(body), isError: false, isPending: false, signedOut: false }),
      (error: unknown) => {
        const signedOut = error instanceof ApiError && error.code === 'unauthorized';
        if (live) setState({ data: undefined, isError: !signedOut, isPending: false, signedOut });
      },
    );
    return () => {
      live = false;
    };
    // `pick` is a pure projection of the body, given inline by the callers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, path, enabled]);
  return state;
}

/** The user's library collections by name, for the AI tools that run over one (the review, Ask). */
export function useLibraryCollections(enabled = true): Loaded<LibraryCollection[]> {
  return useLoaded('/api/library/collections', enabled, (body: { collections: LibraryCollection[] }) => body.collections);
}

/** The user's saved papers and collections, for choosing papers to chat about. */
export function useLibraryListing(): Loaded<LibraryListing> {
  return useLoaded('/api/library/papers', true, (body: LibraryListing) => body);
}
