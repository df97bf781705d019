// One checked entry of a bibliography, as the verify API answers it (a type the client may import).
import type { FieldDifference, Paper } from '@citewise/scholar';

export type CheckedReference = {
  /** 1-based position in the bibliography. */
  index: number;
  /** The entry as the user gave it (a line of text, or the title and authors of a file's entry). */
  text: string;
  status: 'verified' | 'mismatch' | 'not_found' | 'unreadable';
  differences: FieldDifference[];
  /** The matched work, for verified and mismatched entries. */
  paper: Paper | null;
  /** For not_found: false when a source failed or timed out (the work might exist there). */
  complete: boolean;
  /** For unreadable entries of a file: why the entry could not be read. */
  reason?: string;
};
