// The library's orders, apart from schema.ts: the page imports them, and schema.ts pulls in the scholar package's
// server side (the citation styles' ids come from its root).

/** Newest saved first, by year (newest first), by title, or doubtful verdicts first. */
export const LIBRARY_SORTS = ['added', 'year', 'title', 'verdict'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
