// Limits that research and the library share (reference lists checked or imported, papers saved at once); no
// server imports, so client components may use them.

/** A pasted bibliography or an uploaded reference file, in characters. */
export const MAX_BIBLIOGRAPHY_CHARS = 200_000;
/**
 * The request body carrying such a file as JSON: a character takes at most 6 bytes there (`\uXXXX`), plus room
 * for the other fields. Bigger bodies are refused with 413 before they are read.
 */
export const MAX_BIBLIOGRAPHY_BODY_BYTES = MAX_BIBLIOGRAPHY_CHARS * 6 + 64 * 1024;

/** The most papers one request saves or asks about: a page of search results is at most 50. */
export const MAX_PAPERS_AT_ONCE = 100;
