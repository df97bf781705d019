// A review numbers its references in the order it first cites them (as numeric styles such as Vancouver, IEEE and
// GB/T 7714 do), so its markers match the numbered reference list it is exported with. The model cites the sources
// by the numbers it was given; these renumber them.

const MARKER = /\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\]/g;

/**
 * New numbers for the given positions: those the text cites, in the order of their first marker, then the others
 * in their own order.
 */
export function citationOrder(text: string, positions: number[]): Map<number, number> {
  const known = new Set(positions);
  const order: number[] = [];
  for (const [, list] of text.matchAll(MARKER)) {
    for (const n of list!.split(/[,，]/).map((part) => Number(part.trim()))) if (known.has(n) && !order.includes(n)) order.push(n);
  }
  for (const n of [...positions].sort((a, b) => a - b)) if (!order.includes(n)) order.push(n);
  return new Map(order.map((n, i) => [n, i + 1]));
}

/** The text with every marker of a renumbered position rewritten; a marker naming any other number is left alone. */
export function renumberMarkers(text: string, order: Map<number, number>): string {
  return text.replace(MARKER, (marker, list: string) => {
    const numbers = list.split(/[,，]/).map((part) => Number(part.trim()));
    if (!numbers.every((n) => order.has(n))) return marker;
    return `[${numbers.map((n) => order.get(n)).join(', ')}]`;
  });
}
