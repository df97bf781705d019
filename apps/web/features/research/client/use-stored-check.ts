'use client';

// The last reference check of this browser tab, kept in sessionStorage so that a reload shows the report (and the
// list it was made from) again; the tab's own, gone when the tab closes. What is read back is checked for shape:
// a report written by an older build is dropped, not shown half.
import { useMemo, useSyncExternalStore } from 'react';
import { CHECK_STATUSES, type CheckedReference } from '../server/checked-reference-type';

const KEY = 'citewise:last-reference-check';

export type StoredCheck = { text: string; entries: CheckedReference[] };

const isEntry = (value: unknown): value is CheckedReference => {
  const entry = value as Partial<CheckedReference> | null;
  return (
    !!entry &&
    typeof entry.index === 'number' &&
    CHECK_STATUSES.includes(entry.status!) &&
    Array.isArray(entry.fields) &&
    Array.isArray(entry.unconfirmed) &&
    Array.isArray(entry.searched)
  );
};

export function parseStoredCheck(raw: string | null): StoredCheck | null {
  try {
    const stored = JSON.parse(raw ?? 'null') as Partial<StoredCheck> | null;
    if (!stored || typeof stored.text !== 'string' || !Array.isArray(stored.entries) || !stored.entries.every(isEntry)) return null;
    return { text: stored.text, entries: stored.entries };
  } catch {
    return null;
  }
}

// Written only by this tab, which re-renders after writing: nothing to subscribe to.
const subscribe = () => () => {};

/** The tab's last check (null on the server and before any check), and a way to keep a new one. */
export function useStoredCheck(): [StoredCheck | null, (check: StoredCheck) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(KEY),
    () => null,
  );
  const stored = useMemo(() => parseStoredCheck(raw), [raw]);
  const keep = (check: StoredCheck) => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(check));
    } catch {
      // Storage full or refused (private mode): the report still shows; it just will not survive a reload.
    }
  };
  return [stored, keep];
}
