// Ask, the research page's questions to the research assistant: its app and the longest question it sends. No server
// imports, so client components may use them.

/** The research assistant's AI app (config/ai-apps.ts): Ask's conversations are its conversations. */
export const ASK_APP = 'research';
/** Longest question Ask sends. */
export const MAX_ASK_CHARS = 2000;
