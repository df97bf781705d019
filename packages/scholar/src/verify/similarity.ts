// Field similarities for checking a reference against a found work, each 0 … 1.
import { normaliseTitle, normaliseWords, textSimilarity } from '../search/normalize';

/** Character-bigram similarity; a title cut before its subtitle ("The state of OA") still counts as close (0.9). */
export function titleSimilarity(a: string, b: string): number {
  const [x, y] = [normaliseTitle(a), normaliseTitle(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const truncated = short.length >= 15 && long.startsWith(short) ? 0.9 : 0;
  return Math.max(textSimilarity(a, b), truncated);
}

/**
 * Edit distance counting a swap of two neighbouring characters as one edit (optimal string alignment), so that
 * `Langauge` is one slip from `Language`, as a reader sees it.
 */
export function editDistance(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  let before: number[] = [];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) next[j] = Math.min(next[j]!, before[j - 2]! + 1);
    }
    [before, row] = [row, next];
  }
  return row[y.length]!;
}

/** Two spellings of one word: one slip apart (four letters or more), or a close variant of a long word. */
export function sameWordSlipped(a: string, b: string): boolean {
  const shorter = Math.min([...a].length, [...b].length);
  if (shorter < 4) return false;
  const edits = editDistance(a, b);
  return edits <= 1 || (shorter >= 5 && 1 - edits / Math.max([...a].length, [...b].length) >= 0.75);
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
  const close = (w: string) => have.some((h) => h === w || sameWordSlipped(w, h));
  return normaliseWords(reference).filter((w) => LATIN_WORD.test(w) && !close(w) && !(w.length >= 4 && y.includes(w)));
}

const hanShare = (text: string) => (text.match(/\p{Script=Han}/gu)?.length ?? 0) / Math.max(1, [...text].length);

/**
 * How a reference's title reads against a record's: `matched` when equal after normalisation (case, punctuation,
 * accents, full/half width, Chinese punctuation, markup); `slip` when it is the same title written with slips — a
 * few letters swapped, dropped or doubled (one Han character in a Chinese title), a spelling variant, or a
 * subtitle cut or added; otherwise `different`.
 */
export function titleVerdict(reference: string, found: string): 'matched' | 'slip' | 'different' {
  const [x, y] = [normaliseTitle(reference), normaliseTitle(found)];
  if (!x || !y) return 'different';
  if (x === y) return 'matched';
  if (Math.min([...x].length, [...y].length) >= 15 && (x.startsWith(y) || y.startsWith(x))) return 'slip';
  const edits = editDistance(x, y);
  if (hanShare(x) >= 0.5) return edits <= 1 && [...x].length >= 6 ? 'slip' : 'different';
  const allowed = Math.min(3, Math.max(1, Math.floor([...x].length / 20)));
  return edits <= allowed && substitutedWords(reference, found).length === 0 && substitutedWords(found, reference).length === 0 ? 'slip' : 'different';
}

/** Name particles a reference may write apart from the family name (`Genabith, J. van`, `Macorra, A. de la`). */
export const PARTICLE = /^(?:van|von|der|den|de|del|della|dela|la|le|da|di|du|dos|das|ter|ten)$/;

const STOP = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'de', 'la', 'und', 'der']);
const words = (container: string) => normaliseWords(container.replace(/\([^)]*\)/g, ' ')).filter((w) => !STOP.has(w));

/** `natl` abbreviates `national`: same first letter, letters in order (Latin words only: `水利学报` is no abbreviation). */
function abbreviates(short: string, word: string) {
  if (!/^[a-z0-9]+$/.test(short)) return short === word;
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

/**
 * A reference's journal or venue against a record's: `matched` when the same words or their standard
 * abbreviation, `slip` when close but written otherwise (`Journal of Orthopaedic Reseacrh`), `different` for
 * another venue (`Nature` for `Nature Communications`).
 */
export function containerVerdict(reference: string, found: string): { verdict: 'matched' | 'slip' | 'different'; similarity: number } {
  const [a, b] = [words(reference), words(found)];
  const similarity = containerSimilarity(reference, found);
  if (a.join(' ') === b.join(' ') || (a.length === b.length && a.every((w, i) => abbreviates(w, b[i]!)))) return { verdict: 'matched', similarity: 1 };
  return { verdict: similarity >= 0.75 ? 'slip' : 'different', similarity };
}
