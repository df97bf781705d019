// A library entry's verdict: the outcome of checking its record against the literature sources, kept with the
// entry so the library shows it without checking again (a type the client may import).
import type { FieldDifference, SearchedSource } from '@citewise/scholar';

export const VERDICT_STATUSES = ['verified', 'mismatch', 'not_found', 'unchecked'] as const;

export type LibraryVerdict = {
  /** As in the reference checker; `unchecked` when no broad index answered, so absence proves nothing. */
  status: (typeof VERDICT_STATUSES)[number];
  differences: FieldDifference[];
  searched: SearchedSource[];
  /** ISO time of the check. */
  checkedAt: string;
};
