// Limits the research API enforces and the pages explain; no server imports, so client components may use them.

/** Results per page (sources are asked for at most 200 results: ten pages). */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_PAGE = 10;
/** A pasted bibliography or an uploaded reference file, in characters. */
export const MAX_BIBLIOGRAPHY_CHARS = 200_000;
/**
 * The request body carrying such a file as JSON: a character takes at most 6 bytes there (`\uXXXX`), plus room
 * for the other fields. Bigger bodies are refused with 413 before they are read.
 */
export const MAX_BIBLIOGRAPHY_BODY_BYTES = MAX_BIBLIOGRAPHY_CHARS * 6 + 64 * 1024;
export const MAX_CHECKED_REFERENCES = 50;

/** A citation style as the pages offer it (from the server's CITATION_STYLES). */
export type StyleOption = { id: string; name: string };

/** The research assistant's AI app (config/ai-apps.ts): Ask's conversations are its conversations. */
export const ASK_APP = 'research';
/** Longest question Ask sends. */
export const MAX_ASK_CHARS = 2000;
