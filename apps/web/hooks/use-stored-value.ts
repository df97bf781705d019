'use client';

import { useCallback, useSyncExternalStore } from 'react';

type Area = 'local' | 'session';
const CHANGED = 'citewise:stored-value';

const storageOf = (area: Area) => (area === 'local' ? window.localStorage : window.sessionStorage);

function read(area: Area, key: string): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    // Storage refused (private mode, a full quota): as if nothing were kept.
    return null;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * A string kept in this browser's localStorage or this tab's sessionStorage under `key` (null: not kept, or no key
 * yet), read without a hydration mismatch (null in the server render) and shared by every component that reads it.
 * The setter removes the entry when given null.
 */
export function useStoredValue(area: Area, key: string | null): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => (key ? read(area, key) : null),
    () => null,
  );
  const set = useCallback(
    (next: string | null) => {
      if (!key) return;
      try {
        if (next === null) storageOf(area).removeItem(key);
        else storageOf(area).setItem(key, next);
      } catch {
        return;
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [area, key],
  );
  return [value, set];
}
