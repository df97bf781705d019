// A reference's authors against a record's: every author the reference names must be among the work's, the first
// first. Western names compare by family name (a given name read in the family position is a parser's slip, not
// a wrong author); Chinese names written in Han compare whole (张三 is not 张伟), and against a record that writes
// them in pinyin (Zhang San) by their reading.
import { pinyin } from 'pinyin-pro';
import type { Author } from '../paper';
import { familyKey, normaliseTitle, normaliseWords } from '../search/normalize';
import { editDistance, PARTICLE } from './similarity';

const HAN = /\p{Script=Han}/u;

export type NameVerdict = 'matched' | 'slip' | 'different';

export interface AuthorComparison {
  verdict: NameVerdict;
  /** Share of the reference's authors found among the work's (a slipped name counts half). */
  similarity: number;
  firstMatches: boolean;
}

interface Name {
  /** A Han name whole (`张三`), or a Western family name normalised (`piwowar`). */
  key: string;
  han: boolean;
  /** For a Han name: its reading, family then given (`zhangsan`); for a Western one: family + given folded. */
  reading: string;
  given: string[];
}

const readingOf = (han: string) => pinyin(han, { toneType: 'none', type: 'array', nonZh: 'removed', surname: 'head' }).join('');

function nameOf(author: Author): Name | null {
  const whole = `${author.family ?? ''}${author.given ?? ''}`.replace(/\s+/g, '') || (author.literal ?? '').replace(/\s+/g, '');
  if (HAN.test(whole)) return { key: whole, han: true, reading: readingOf(whole), given: [] };
  const key = familyKey(author);
  if (!key) return null;
  const given = normaliseWords(author.given);
  return { key, han: false, reading: key + normaliseTitle(author.given), given };
}

const sameFamily = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 3 && (a.endsWith(b) || b.endsWith(a)));

/** How one named author reads against one of the work's. */
function compareName(want: Name, have: Name): NameVerdict {
  if (want.han && have.han) return want.key === have.key || (want.key.length === 1 && have.key.startsWith(want.key)) ? 'matched' : 'different';
  if (want.han !== have.han) {
    // One side in Han, the other in pinyin: the same reading, or the same family name when only it is given.
    const [han, latin] = want.han ? [want, have] : [have, want];
    const family = readingOf([...han.key][0]!);
    if (han.reading === latin.reading || han.reading === latin.given.join('') + latin.key) return 'matched';
    return latin.given.length === 0 && latin.key === family ? 'matched' : 'different';
  }
  if (sameFamily(want.key, have.key)) return 'matched';
  const shorter = Math.min(want.key.length, have.key.length);
  const edits = editDistance(want.key, have.key);
  return (shorter >= 4 && edits <= 1) || (shorter >= 8 && edits <= 2) ? 'slip' : 'different';
}

export function compareAuthors(reference: Author[], found: Author[]): AuthorComparison {
  const have = found.map(nameOf).filter((n): n is Name => n !== null);
  // A particle read as a name of its own is dropped, but not a family name that is one (`Le, B. M.` is Binh M. Le).
  const want = reference.map(nameOf).filter((n): n is Name => n !== null && (n.han || !PARTICLE.test(n.key) || have.some((h) => h.key === n.key)));
  if (!want.length || !have.length) return { verdict: 'different', similarity: 0, firstMatches: false };
  // MLA and APA lists are often read with a given name in the family position (`Kim, Tae Soo, et al.`).
  const givenNames = have.flatMap((h) => h.given).filter((w) => w.length >= 2);
  const verdicts = want.map((w): NameVerdict => {
    const each = have.map((h) => compareName(w, h));
    if (each.includes('matched') || (!w.han && givenNames.includes(w.key))) return 'matched';
    return each.includes('slip') ? 'slip' : 'different';
  });
  const first = compareName(want[0]!, have[0]!);
  const similarity = verdicts.reduce((sum, v) => sum + (v === 'matched' ? 1 : v === 'slip' ? 0.5 : 0), 0) / want.length;
  const verdict: NameVerdict =
    verdicts.includes('different') || first === 'different' ? 'different' : verdicts.includes('slip') || first === 'slip' ? 'slip' : 'matched';
  return { verdict, similarity, firstMatches: first === 'matched' };
}
