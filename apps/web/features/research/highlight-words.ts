// How result text is cut into words for highlighting, the same on the server (which decides which words the query
// matched) and in the browser (which marks them): ICU's word segmentation, which also cuts Chinese into words.

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

export type TextPiece = { text: string; word: boolean };

/** The text as a sequence of words and the gaps between them; joined, the pieces are the text unchanged. */
export function splitWords(text: string): TextPiece[] {
  return Array.from(segmenter.segment(text), ({ segment, isWordLike }) => ({ text: segment, word: Boolean(isWordLike) }));
}

/** A word as it is looked up: case does not matter to the analyser. */
export const wordKey = (word: string) => word.toLowerCase();

/** The distinct words of the texts, as lookup keys. */
export function distinctWords(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const piece of splitWords(text)) if (piece.word) words.add(wordKey(piece.text));
  return [...words];
}
