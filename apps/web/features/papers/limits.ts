// Limits on reference lists that research (checking) and the library (importing) share; no server imports, so
// client components may use them.

/** A pasted bibliography or an uploaded reference file, in characters. */
export const MAX_BIBLIOGRAPHY_CHARS = 200_000;
/**
 * The request body carrying such a file as JSON: a character takes at most 6 bytes there (`\uXXXX`), plus room
 * for the other fields. Bigger bodies are refused with 413 before they are read.
 */
export const MAX_BIBLIOGRAPHY_BODY_BYTES = MAX_BIBLIOGRAPHY_CHARS * 6 + 64 * 1024;
