// Limits the notes API enforces and the page explains; no server imports, so client components may use them.

/** A note's Markdown, in characters (a long chapter's worth of notes). */
export const MAX_NOTE_CHARS = 100_000;
export const MAX_TITLE_CHARS = 300;
export const MAX_NOTE_TAGS = 30;
export const MAX_LINKED_PAPERS = 200;
export const MAX_LOCATOR_CHARS = 500;
/** Citation markers rendered at once (each `[@a; @b]` counts one). */
export const MAX_CITATION_MARKERS = 500;
/**
 * A save's JSON body: a character takes at most 6 bytes there (`\uXXXX`), plus room for the other fields.
 * Bigger bodies are refused with 413 before they are read; a note longer than MAX_NOTE_CHARS in a smaller body
 * gets a 400 naming the field.
 */
export const MAX_NOTE_BODY_BYTES = MAX_NOTE_CHARS * 6 + 64 * 1024;
