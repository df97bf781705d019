'use client';

import { useMemo } from 'react';
import { useAuth } from '@/hooks/use-auth';
import { useStoredValue } from '@/hooks/use-stored-value';

export type LibraryView = 'cards' | 'list';

/**
 * The papers selected in the library, kept in this tab's sessionStorage per user so a reload (or a visit to a paper's
 * PDF and back) keeps them; another user signing in on the same tab starts empty.
 */
export function useLibrarySelection() {
  const userId = useAuth().user?.id;
  const [stored, store] = useStoredValue('session', userId ? `citewise:library-selection:${userId}` : null);
  const selected = useMemo<ReadonlySet<string>>(() => new Set(parseIds(stored)), [stored]);
  function setSelected(next: ReadonlySet<string> | ((now: ReadonlySet<string>) => ReadonlySet<string>)) {
    const value = typeof next === 'function' ? next(selected) : next;
    store(value.size ? JSON.stringify([...value]) : null);
  }
  return [selected, setSelected] as const;
}

/** Cards or the compact list, remembered in this browser per user. */
export function useLibraryView() {
  const userId = useAuth().user?.id;
  const [stored, store] = useStoredValue('local', userId ? `citewise:library-view:${userId}` : null);
  const view: LibraryView = stored === 'list' ? 'list' : 'cards';
  return [view, (next: LibraryView) => store(next)] as const;
}

function parseIds(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
