'use client';

import { useLocale } from 'next-intl';
import { useCallback, useSyncExternalStore } from 'react';
import type { StyleOption } from '@/features/papers/types';

// The citation style the notes render in, remembered on this device; until chosen, the usual one for the page's
// language (GB/T 7714 in Chinese, APA otherwise), as on the research page.
const KEY = 'citewise:notes-citation-style';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function useCitationStyle(styles: StyleOption[]): [string, (style: string) => void] {
  const locale = useLocale();
  const fallback = locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa';
  const chosen = useSyncExternalStore(subscribe, stored, () => null);
  const style = chosen && styles.some((option) => option.id === chosen) ? chosen : fallback;
  const setStyle = useCallback((next: string) => {
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Not remembered, but used for this page.
    }
    for (const listener of listeners) listener();
  }, []);
  return [style, setStyle];
}
