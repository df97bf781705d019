// Field similarities for checking a reference against a found work, each 0 … 1.
import type { Author } from '../paper';
import { familyKey, normaliseTitle, normaliseWords, textSimilarity } from '../search/normalize';

/** Character-bigram similarity; a title cut before its subtitle ("The state of OA") still counts as close (0.9). */
export function titleSimilarity(a: string, b: string): number {
  const [x, y] = [normaliseTitle(a), normaliseTitle(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const truncated = short.length >= 15 && long.startsWith(short) ? 0.9 : 0;
  return Math.max(textSimilarity(a, b), truncated);
}

const sameName = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 3 && (a.endsWith(b) || b.endsWith(a)));

/** Share of the reference's authors found among the work's, and whether the first authors agree. */
export function authorSimilarity(reference: Author[], found: Author[]): { similarity: number; firstMatches: boolean } {
  const want = reference.map(familyKey).filter(Boolean);
  const have = found.map(familyKey).filter(Boolean);
  if (!want.length || !have.length) return { similarity: 0, firstMatches: false };
  const matched = want.filter((w) => have.some((h) => sameName(w, h))).length;
  return { similarity: matched / want.length, firstMatches: sameName(want[0]!, have[0]!) };
}

const STOP = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'de', 'la', 'und', 'der']);
const words = (container: string) => normaliseWords(container.replace(/\([^)]*\)/g, ' ')).filter((w) => !STOP.has(w));

/** `natl` abbreviates `national`: same first letter, letters in order. */
function abbreviates(short: string, word: string) {
  if (short[0] !== word[0] || short.length > word.length) return false;
  let at = 0;
  for (const ch of word) if (ch === short[at]) at++;
  return at === short.length;
}

/**
 * Journal or proceedings names, allowing ISO/NLM abbreviations (`J Orthop Res` = Journal of Orthopaedic Research,
 * `Proc Natl Acad Sci U S A`) but not a shorter title of another venue (`Nature` ≠ `Nature Communications`).
 */
export function containerSimilarity(reference: string, found: string): number {
  const [a, b] = [words(reference), words(found)];
  if (!a.length || !b.length) return 0;
  const dice = textSimilarity(a.join(' '), b.join(' '));
  const abbreviation = a.length === b.length && a.every((w, i) => abbreviates(w, b[i]!)) ? 1 : 0;
  return Math.max(dice, abbreviation);
}
