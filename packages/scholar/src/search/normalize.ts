// Text keys for comparing records from different sources: titles and names differ in case, punctuation,
// diacritics, markup and width (full-width Chinese punctuation) but not in their letters.
import type { Author } from '../paper';

const HAN = /\p{Script=Han}/u;

/** Letters and digits only, lower-cased, without diacritics or markup: `"Heat-Bath <i>walks</i>"` → `heatbathwalks`. */
export function normaliseTitle(title: string | null | undefined): string {
  if (!title) return '';
  return title
    .replace(/<[^>]+>/g, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Lower-cased words without punctuation or diacritics, for word-level comparisons (containers). */
export function normaliseWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/<[^>]+>/g, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A family name as a comparable key. A whole Chinese name written as one literal (张三) counts by its first
 * character, the family name in all but the rare compound surnames; a Western literal by its last word.
 */
export function familyKey(author: Author | undefined): string {
  if (!author) return '';
  const name = (author.family ?? author.literal ?? '').trim();
  if (!name) return '';
  if (!author.family && HAN.test(name)) return name.replace(/\s+/g, '').slice(0, 1);
  const words = author.family ? [name] : name.split(/\s+/);
  return normaliseTitle(words[words.length - 1]);
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const chars = [...text];
  if (chars.length === 1) grams.set(text, 1);
  for (let i = 0; i < chars.length - 1; i++) {
    const gram = chars[i]! + chars[i + 1]!;
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/**
 * Sørensen–Dice coefficient over character bigrams of the normalised texts: 1 for equal texts, 0 for texts
 * with nothing in common. Character-based, so it works for Chinese (no spaces) as for English.
 */
export function textSimilarity(a: string, b: string): number {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [gram, count] of gx) shared += Math.min(count, gy.get(gram) ?? 0);
  const total = [...gx.values()].reduce((s, n) => s + n, 0) + [...gy.values()].reduce((s, n) => s + n, 0);
  return total ? (2 * shared) / total : 0;
}
