'use client';

import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/**
 * The address as the visitor typed it, path and query (docs/product.md §8: 'Page Not Found: {fullPath}'). The query is
 * read in the browser: a prerendered error page is the same HTML for every address, so the server can only
 * render the path it knows; hydration then shows the full one. Reading it this way, not with
 * useSearchParams, keeps static pages static.
 */
export function useFullPath(): string {
  const pathname = usePathname();
  return useSyncExternalStore(
    subscribe,
    // Next's router updates usePathname on client navigations, which re-renders and re-reads this.
    () => `${window.location.pathname}${window.location.search}`,
    () => pathname,
  );
}
