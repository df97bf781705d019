import type { ReactNode } from 'react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words of a query worth marking: Latin words of two letters or more, and Chinese words (segmented). */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
  for (const part of query.split(/\s+/)) {
    if (!part) continue;
    if (/\p{Script=Han}/u.test(part) && segmenter) {
      for (const { segment, isWordLike } of segmenter.segment(part)) if (isWordLike) terms.add(segment);
    } else {
      const word = part.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (word.length >= 2) terms.add(word);
    }
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

/** The text with each occurrence of the terms in <mark>. */
export function Highlight({ text, terms }: { text: string; terms: string[] }): ReactNode {
  if (terms.length === 0 || !text) return text;
  const pattern = new RegExp(`(${terms.map(escape).join('|')})`, 'giu');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="rounded-sm bg-primary/20 px-0.5 text-foreground" data-testid="match">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
