/** A saved paper a note links to, as the notes API answers it. */
export type NotePaper = {
  libraryPaperId: string;
  /** The paper's cite key (`[@key]`) in the user's library. */
  key: string;
  title: string;
  year: number | null;
  locator: string;
};

export type Note = {
  id: string;
  title: string;
  body: string;
  tags: string[];
  version: number;
  papers: NotePaper[];
  createdAt: string;
  updatedAt: string;
};

/** A note in the list: its beginning, not its whole text. */
export type NoteSummary = Pick<Note, 'id' | 'title' | 'tags' | 'version' | 'updatedAt'> & { excerpt: string; paperCount: number };

export type NoteListing = { notes: NoteSummary[]; tags: string[] };

/** A library paper as the citation picker offers it. */
export type CitablePaper = { libraryPaperId: string; key: string; title: string; authors: string; year: number | null };

export type RenderedCitations = {
  /** One per marker asked for, in order; null for a marker with a key not in the library. */
  citations: Array<string | null>;
  /** The cited papers' references in the style's order. */
  bibliography: Array<{ key: string; text: string }>;
  /** Keys not found in the library. */
  unknown: string[];
};
