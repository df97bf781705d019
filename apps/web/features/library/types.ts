import type { Paper } from '@citewise/scholar';
import type { StoredFile } from '@/features/files/types';
import type { LibraryVerdict } from '@/features/papers/verdict';

/** One saved paper as the library API answers it. */
export type LibraryEntry = {
  id: string;
  paperId: string;
  paper: Paper;
  note: string;
  tags: string[];
  /** The last check against the literature sources; null until checked. */
  verification: LibraryVerdict | null;
  collectionIds: string[];
  createdAt: string;
  updatedAt: string;
};

export type LibraryCollection = { id: string; name: string; paperCount: number };

export type LibraryListing = { entries: LibraryEntry[]; collections: LibraryCollection[]; tags: string[] };

export type ImportSummary = {
  imported: number;
  /** Of the imported papers: how the check went (`unchecked`: no broad index answered; `pending`: beyond the check limit). */
  verified: number;
  /** Verified with corrections (slips the record corrects). */
  corrected: number;
  /** Partly verified: fields no record holds. */
  partial: number;
  mismatch: number;
  notFound: number;
  unchecked: number;
  pending: number;
  failures: Array<{ entry: number; line: number; key?: string; reason: string }>;
};

/** A PDF of My files attached to a library paper, as it is now called and filed (renames and moves follow). */
export type PaperFile = StoredFile;
