// Author lists as references write them: `Piwowar, H., Priem, J., & Larivière, V.` (APA), `Piwowar H, Priem J`
// (Vancouver), `H. Piwowar, J. Priem and V. Larivière` (IEEE), `Piwowar, Heather, et al.` (MLA), `张三, 李四, 等`
// (GB/T 7714). Only what identifies people is kept: family names, given names when clear.
import type { Author } from '../paper';

const HAN = /\p{Script=Han}/u;
/** `H.`, `J. P.`, `JP`, `J.-P.`, `M.-C.`: initials only. */
const INITIALS = /^(?:\p{Lu}[.\-]{0,2}\s*){1,4}$/u;
const isInitial = (token: string) => INITIALS.test(token.trim());

function fromPart(part: string): Author | null {
  const text = part
    .trim()
    .replace(/^(?:and|&)\s+/i, '')
    .replace(/[.\s]+$/, '');
  // `PU S`, `LI X`: GB/T 7714's capitalised family name before its initials, not three initials.
  if (!text || (isInitial(text) && !/^\p{Lu}{2,}\s+\p{Lu}/u.test(text))) return null;
  if (HAN.test(text)) return { literal: text.replace(/\s+/g, '') };
  const tokens = text.split(/\s+/);
  // `EHSAN Md A`: GB/T 7714's capitalised family name, then the given names as written (`Md` abbreviates Mohammad).
  if (
    tokens.length > 1 &&
    /^\p{Lu}{2,}$/u.test(tokens[0]!) &&
    tokens.slice(1).every((t) => isInitial(t) || /^\p{Lu}\p{Ll}{0,2}\.?$/u.test(t)) &&
    tokens.slice(1).some(isInitial)
  ) {
    return { family: tokens[0]!, given: tokens.slice(1).join(' ') };
  }
  // `Fang T yao`: citeproc abbreviates `Tian-yao` to `T yao`; a lower-case word after an initial is given name.
  const givenPart = (t: string, i: number) => isInitial(t) || (i > 0 && isInitial(tokens[i - 1]!) && /^\p{Ll}/u.test(t));
  const names = tokens.filter((t, i) => !givenPart(t, i));
  if (names.length === 0) {
    // "LI X" (GB/T 7714 writes family names in capitals): a dotless token of two or more letters is the name.
    const family = tokens.find((t) => !t.includes('.') && t.length >= 2);
    return family ? { family, given: tokens.filter((t) => t !== family).join(' ') || undefined } : null;
  }
  if (names.length === tokens.length && names.length > 1) {
    // "Heather Piwowar": given names first.
    return { given: names.slice(0, -1).join(' '), family: names[names.length - 1]! };
  }
  // "Piwowar H" or "H. Piwowar": the words that are not initials make the family name.
  const given = tokens.filter(givenPart).join(' ');
  return given ? { given, family: names.join(' ') } : { family: names.join(' ') };
}

export function parseAuthorList(segment: string): Author[] {
  const text = segment.replace(/\bet\s+al\.?|\band\s+others\b|等/gi, ' ').trim();
  if (!text) return [];
  const parts = text.split(/\s*(?:;|,|，|、|&|\band\b)\s*/).filter((p) => p.trim());
  const authors: Author[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!.trim();
    const next = parts[i + 1]?.trim();
    // "Piwowar, H." / "Piwowar, Heather": a single word followed by its initials or given name.
    if (!/\s/.test(part) && !HAN.test(part) && next && (isInitial(next) || (i === 0 && !/\s/.test(next)))) {
      authors.push(isInitial(next) ? { given: next.replace(/\s+/g, ' '), family: part } : { given: next, family: part });
      i++;
      continue;
    }
    const author = fromPart(part);
    if (author) authors.push(author);
  }
  return authors;
}
