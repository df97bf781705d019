// One checked entry of a bibliography, as the verify API answers it (a type the client may import).
import type { FieldDifference, NearCandidate, Paper, SearchedSource } from '@citewise/scholar';

export type CheckedReference = {
  /** 1-based position in the bibliography. */
  index: number;
  /** The entry as the user gave it (a line of text, or the title and authors of a file's entry). */
  text: string;
  /**
   * `not_found`: absent from every source that answered, OpenAlex or Crossref among them. `unchecked`: no broad
   * index answered (offline, or only the local corpus is switched on), so absence says nothing about the work.
   */
  status: 'verified' | 'mismatch' | 'not_found' | 'unchecked' | 'unreadable';
  differences: FieldDifference[];
  /** The matched work, for verified and mismatched entries. */
  paper: Paper | null;
  /** For not_found: false when a source failed or timed out (the work might exist there). */
  complete: boolean;
  /** Every known source and how it took part (answered, unreachable, timed out, failed, not configured). */
  searched: SearchedSource[];
  /** For not_found and unchecked: the closest titles the sources proposed. */
  candidates: NearCandidate[];
  /** For unreadable entries of a file: why the entry could not be read. */
  reason?: string;
};
