// The word diff between a paragraph and its polished version, in the parts the diff view draws.
import { diffWordsWithSpace } from 'diff';

export type DiffPart = { text: string; kind: 'same' | 'added' | 'removed' };

export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    text: change.value,
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

/** How many words were added and removed (whitespace does not count). */
export function diffStats(parts: readonly DiffPart[]): { added: number; removed: number } {
  const count = (kind: DiffPart['kind']) =>
    parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + part.text.split(/\s+/).filter(Boolean).length, 0);
  return { added: count('added'), removed: count('removed') };
}
