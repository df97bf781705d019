// Limits the research API enforces and the pages explain; no server imports, so client components may use them.

/** Results per page (sources are asked for at most 200 results: ten pages). */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_PAGE = 10;
/** A pasted bibliography or an uploaded reference file, in characters. */
export const MAX_BIBLIOGRAPHY_CHARS = 200_000;
export const MAX_CHECKED_REFERENCES = 50;

/** A citation style as the pages offer it (from the server's CITATION_STYLES). */
export type StyleOption = { id: string; name: string };
