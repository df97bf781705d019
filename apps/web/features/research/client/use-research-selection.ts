'use client';

import type { Paper } from '@citewise/scholar';
import { useMemo } from 'react';
import { useAuth } from '@/hooks/use-auth';
import { useStoredValue } from '@/hooks/use-stored-value';

/** The most papers kept selected: a few pages of results, so the tab's storage stays small. */
export const MAX_SELECTED_PAPERS = 500;

/**
 * The search results selected on the research page, kept in this tab's sessionStorage per user (or for a visitor
 * signed out), so a reload, Back from a paper's PDF or a new search keeps them; another user signing in on the tab
 * starts empty. The papers are kept whole: a result of an online source cannot be fetched again by its id.
 */
export function useResearchSelection() {
  const { user, loaded } = useAuth();
  const owner = loaded ? (user?.id ?? 'visitor') : null;
  const [stored, store] = useStoredValue('session', owner ? `citewise:research-selection:${owner}` : null);
  const selected = useMemo(() => new Map(parsePapers(stored).map((paper) => [paper.id, paper])), [stored]);
  function setSelected(next: ReadonlyMap<string, Paper> | ((now: ReadonlyMap<string, Paper>) => ReadonlyMap<string, Paper>)) {
    const value = typeof next === 'function' ? next(selected) : next;
    store(value.size ? JSON.stringify([...value.values()].slice(-MAX_SELECTED_PAPERS)) : null);
  }
  return [selected as ReadonlyMap<string, Paper>, setSelected] as const;
}

/** The kept papers; anything else in the entry (an older shape, a hand edit) is left out, and the server checks what is sent. */
export function parsePapers(text: string | null): Paper[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter(isPaper) : [];
  } catch {
    return [];
  }
}

const isPaper = (value: unknown): value is Paper =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Paper).id === 'string' &&
  typeof (value as Paper).title === 'string' &&
  Array.isArray((value as Paper).authors);
