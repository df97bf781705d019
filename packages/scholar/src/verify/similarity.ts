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

/** Levenshtein distance, for telling a spelling variant (modelling/modeling) from another word. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const LATIN_WORD = /^[a-z0-9]+$/;

/**
 * Words of the reference's title that the record's title lacks: one substituted word barely moves a long title's
 * bigram similarity, so it is looked for word by word. Spelling variants, hyphenation (`large-scale` vs
 * `largescale`) and a title cut before, or extended by, a subtitle are not differences. Han script has no word
 * spaces; its titles are judged by character bigrams alone.
 */
export function substitutedWords(reference: string, found: string): string[] {
  const [x, y] = [normaliseTitle(reference), normaliseTitle(found)];
  if (Math.min(x.length, y.length) >= 15 && (x.startsWith(y) || y.startsWith(x))) return [];
  const have = normaliseWords(found);
  const close = (w: string) => have.some((h) => h === w || (Math.min(w.length, h.length) >= 5 && 1 - distance(w, h) / Math.max(w.length, h.length) >= 0.75));
  return normaliseWords(reference).filter((w) => LATIN_WORD.test(w) && !close(w) && !(w.length >= 4 && y.includes(w)));
}

const sameName = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 3 && (a.endsWith(b) || b.endsWith(a)));

/** Name particles a reference may write apart from the family name (`Genabith, J. van`, `Macorra, A. de la`). */
export const PARTICLE = /^(?:van|von|der|den|de|del|della|dela|la|le|da|di|du|dos|das|ter|ten)$/;

/**
 * Share of the reference's authors found among the work's, and whether the first authors agree. A co-author
 * also counts as found when the name is one of the work's given names: MLA and APA lists are often read with a
 * given name in the family position (`Kim, Tae Soo, et al.`), which is a reading slip, not a wrong author.
 */
export function authorSimilarity(reference: Author[], found: Author[]): { similarity: number; firstMatches: boolean } {
  const have = found.map(familyKey).filter(Boolean);
  // A particle read as a name of its own is dropped, but not a family name that is one (`Le, B. M.` is Binh M. Le).
  const want = reference.map(familyKey).filter((k) => k && (!PARTICLE.test(k) || have.includes(k)));
  if (!want.length || !have.length) return { similarity: 0, firstMatches: false };
  const given = found.flatMap((a) => normaliseWords(a.given)).filter((w) => w.length >= 2);
  const matched = want.filter((w) => have.some((h) => sameName(w, h)) || given.includes(w)).length;
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
