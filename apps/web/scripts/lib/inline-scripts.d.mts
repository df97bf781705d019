/** See inline-scripts.mjs. */
export function inlineScriptHashes(html: string): { hash: string; flight: boolean }[];
