// Author–year citations in an answer's text: "(Smith et al., 2020)", "(Lee & Kim, 2019; Wu, 2021)",
// "Smith and Jones (2019)". A model that cites this way instead of by marker can name a paper it was never given;
// each citation is matched against the retrieved papers by an author's family name and the year.
import type { Author } from '@citewise/scholar';
import type { Evidence } from './retrieve';

const NAME = String.raw`\p{Lu}[\p{L}'’-]+`;
/** One citation inside parentheses: a name, an optional "et al." or second name, a comma, the year. */
const PART = new RegExp(String.raw`^(?:(?:see|e\.g\.|cf\.)[,\s]+)?(${NAME})(?:\s+et\s+al\.?|\s+(?:and|&)\s+${NAME})?,?\s+((?:19|20)\d{2})[a-z]?$`, 'u');
/** Parentheses holding at least one year: a candidate group of citations. */
const GROUP = /\(([^()\n]{4,200}?\b(?:19|20)\d{2}[a-z]?)\)/gu;
/**
 * A narrative citation. It needs "et al." or a second author: "BERT (2019)" or "Transformers (2017)" name a model
 * and a year, not a paper's authors.
 */
const NARRATIVE = new RegExp(String.raw`(${NAME})(?:\s+et\s+al\.?|\s+(?:and|&)\s+${NAME})\s+\(((?:19|20)\d{2})[a-z]?\)`, 'gu');

export interface AuthorYearCitation {
  /** The citation as written, e.g. "(Smith et al., 2020)". */
  text: string;
  /** Where it ends in the text (the flag is put right after it). */
  end: number;
  /** The retrieved papers it names, one per cited author–year pair; null for a pair that names none. */
  matches: Array<Evidence | null>;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function familyNames(authors: Author[]): string[] {
  return authors.map((a) => fold(a.family ?? a.literal?.split(/\s+/).at(-1) ?? '')).filter(Boolean);
}

function paperBy(name: string, year: number, evidence: Evidence[]): Evidence | null {
  const wanted = fold(name);
  return evidence.find((e) => e.paper.issued?.year === year && familyNames(e.paper.authors).includes(wanted)) ?? null;
}

/** Every author–year citation of the text, in order, each with the retrieved papers it names. */
export function authorYearCitations(text: string, evidence: Evidence[]): AuthorYearCitation[] {
  const found: AuthorYearCitation[] = [];
  for (const group of text.matchAll(GROUP)) {
    const parts = group[1]!.split(';').map((part) => PART.exec(part.trim()));
    // Parentheses whose parts are not all citations ("(trained in 2019)") are prose.
    if (!parts.every(Boolean)) continue;
    found.push({ text: group[0], end: group.index! + group[0].length, matches: parts.map((p) => paperBy(p![1]!, Number(p![2]), evidence)) });
  }
  for (const narrative of text.matchAll(NARRATIVE)) {
    found.push({ text: narrative[0], end: narrative.index! + narrative[0].length, matches: [paperBy(narrative[1]!, Number(narrative[2]), evidence)] });
  }
  return found.sort((a, b) => a.end - b.end);
}
