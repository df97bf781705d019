// Types of the paper views research, library, notes and the AI review share; no server imports.

/** A citation style as the pages offer it (from the server's CITATION_STYLES). */
export type StyleOption = { id: string; name: string };
