// One checked entry of a bibliography, as the verify API answers it (a type the client may import).
import type { CheckedField, FieldCheck, FieldDifference, NearCandidate, Paper, SearchedSource, SourceId } from '@citewise/scholar';

/** What a check can say of a reference; `unreadable` is the checker's own, for entries it could not read. */
export const CHECK_STATUSES = ['verified', 'corrected', 'partial', 'mismatch', 'not_found', 'unchecked', 'unreadable'] as const;

export type CheckedReference = {
  /** 1-based position in the bibliography. */
  index: number;
  /** The entry as the user gave it (a line of text, or the title and authors of a file's entry). */
  text: string;
  /**
   * `verified`: every field it gives matched a record. `corrected`: the work, with slips the record corrects.
   * `partial`: the work, but some fields are in no record (see `unconfirmed`). `mismatch`: a field of another
   * value. `not_found`: absent from every source that answered, OpenAlex or Crossref among them. `unchecked`: no
   * broad index answered (offline, or only the local corpus is switched on), so absence says nothing.
   */
  status: (typeof CHECK_STATUSES)[number];
  /** Every field the reference gives with its verdict (matched, slip, different, not in the record). */
  fields: FieldCheck[];
  differences: FieldDifference[];
  /** Fields no record of the work holds: kept in the corrected reference, marked unconfirmed. */
  unconfirmed: CheckedField[];
  /** The matched work, for found entries. */
  paper: Paper | null;
  /** The reference as the records correct it, keeping the unconfirmed fields as the user wrote them. */
  corrected: Paper | null;
  /** The sources that have the work. */
  sources: SourceId[];
  /** For not_found: false when a source failed or timed out (the work might exist there). */
  complete: boolean;
  /** Every known source and how it took part (answered, unreachable, timed out, failed, not configured). */
  searched: SearchedSource[];
  /** For not_found and unchecked: the closest titles the sources proposed. */
  candidates: NearCandidate[];
  /** For unreadable entries of a file: why the entry could not be read. */
  reason?: string;
};
