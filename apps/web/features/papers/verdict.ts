// A library entry's verdict: the outcome of checking its record against the literature sources, kept with the
// entry so the library shows it without checking again (a type the client may import).
import type { CheckedField, FieldCheck, FieldDifference, SearchedSource, SourceId } from '@citewise/scholar';

export const VERDICT_STATUSES = ['verified', 'corrected', 'partial', 'mismatch', 'not_found', 'unchecked'] as const;

export type LibraryVerdict = {
  /** As in the reference checker; `unchecked` when no broad index answered, so absence proves nothing. */
  status: (typeof VERDICT_STATUSES)[number];
  differences: FieldDifference[];
  searched: SearchedSource[];
  /** ISO time of the check. */
  checkedAt: string;
  /** Each field of the record with its verdict (absent from verdicts kept before per-field verdicts). */
  fields?: FieldCheck[];
  /** Fields of the record that no source's record holds (absent from older verdicts). */
  unconfirmed?: CheckedField[];
  /** The sources that have the work (absent from older verdicts). */
  sources?: SourceId[];
};
