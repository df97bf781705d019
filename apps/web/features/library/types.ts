import type { Paper } from '@citewise/scholar';

/** One saved paper as the library API answers it. */
export type LibraryEntry = {
  id: string;
  paperId: string;
  paper: Paper;
  note: string;
  tags: string[];
  collectionIds: string[];
  createdAt: string;
  updatedAt: string;
};

export type LibraryCollection = { id: string; name: string; paperCount: number };

export type LibraryListing = { entries: LibraryEntry[]; collections: LibraryCollection[]; tags: string[] };

export type ImportSummary = { imported: number; failures: Array<{ entry: number; line: number; key?: string; reason: string }> };
