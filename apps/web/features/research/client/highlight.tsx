import type { ReactNode } from 'react';
import { splitWords, wordKey } from '../highlight-words';

/**
 * The text with each word the query matched in <mark>. `matched` are the words the search API reports (whole
 * words, by the search's own analyser); React escapes every piece, so titles and abstracts stay text.
 */
export function Highlight({ text, matched }: { text: string; matched: ReadonlySet<string> }): ReactNode {
  if (matched.size === 0 || !text) return text;
  return splitWords(text).map((piece, i) =>
    piece.word && matched.has(wordKey(piece.text)) ? (
      <mark key={i} className="rounded-sm bg-primary/20 px-0.5 text-foreground" data-testid="match">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
