// Pandoc-style citation markers in a note: `[@vaswani2017attention]`, several in one: `[@a; @b]`. The keys are
// the library's cite keys (packages/scholar citeKeys: letters, digits, and a collision suffix).

const KEY = String.raw`@[A-Za-z0-9][A-Za-z0-9_:.\-]*`;
const MARKER = new RegExp(String.raw`\[(${KEY}(?:\s*;\s*${KEY})*)\]`, 'g');

export type CitationMarker = { text: string; keys: string[]; index: number };

/** Every marker in the text, in order. */
export function findCitationMarkers(text: string): CitationMarker[] {
  return [...text.matchAll(MARKER)].map((match) => ({
    text: match[0],
    keys: match[1]!.split(';').map((key) => key.trim().slice(1)),
    index: match.index,
  }));
}

/** The distinct key groups of the text's markers, in order of first appearance (one entry per distinct marker). */
export function markerGroups(text: string): string[][] {
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const marker of findCitationMarkers(text)) {
    const id = groupId(marker.keys);
    if (seen.has(id)) continue;
    seen.add(id);
    groups.push(marker.keys);
  }
  return groups;
}

export const groupId = (keys: string[]) => keys.join(';');

/** The text with each marker replaced by `render(keys)`; a marker whose render answers null stays as typed. */
export function replaceCitationMarkers(text: string, render: (keys: string[]) => string | null): string {
  return text.replace(MARKER, (whole, inner: string) => render(inner.split(';').map((key) => key.trim().slice(1))) ?? whole);
}

/** Splits text into plain strings and markers, for rendering markers as elements. */
export function splitByMarkers(text: string): Array<string | CitationMarker> {
  const parts: Array<string | CitationMarker> = [];
  let last = 0;
  for (const marker of findCitationMarkers(text)) {
    if (marker.index > last) parts.push(text.slice(last, marker.index));
    parts.push(marker);
    last = marker.index + marker.text.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
