// A formatted reference (APA, Harvard, Vancouver, IEEE, MLA, Chicago, Nature, GB/T 7714) read into its parts by
// its punctuation: identifiers first (exact), then the year, the title (quoted, before a GB/T type mark, after
// an APA year, or the first sentence that is not an author list), the authors before it and the container after.
import { identifiersInText } from '../sources/identifiers';
import { parseAuthorList } from './parse-authors';
import { parseDetails } from './parse-details';
import { PARTICLE } from './similarity';
import type { ParsedReference } from './types';

/**
 * A quoted title opens a reference or follows its authors' punctuation (`Piette, “Modeling…,”`, `et al. “The…”`);
 * quotation marks after a word are part of a title (`What Level of Automation is “Good Enough”? A Benchmark…`).
 */
const QUOTED = /(?:^|(?<=[,.;:)]\s*))[“"«「『]([^”"»」』]{6,}?)[,.]?[”"»」』]/;
const GBT_MARK = /\[(?:J|C|M|D|R|N|P|S|Z|A|G|EB\/OL|EB|J\/OL|C\/OL|M\/OL|DB\/OL|CP\/OL)\]/;
const APA_YEAR = /\((\d{4})[a-z]?(?:,[^)]*)?\)\.?/;
const YEAR = /(?<![\d./-])(1[6-9]\d{2}|20\d{2})[a-z]?(?![\d/-])/;
const REPOSITORY_AFTER_QUESTION = /^(.{6,}[?!])\s+((?:arXiv|Preprint|bioRxiv|medRxiv|SSRN|Research Square|In)\b.*)$/;
const IDENTIFIERS =
  /https?:\/\/\S+|\bdoi:\s*\S+|\b10\.\d{4,9}\/\S+|\barXiv:\s*(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?\b|\bPMID:?\s*\d+|\bPMCID:?\s*\S+/gi;

/**
 * Series numerals (`STARFORGE. I. Synthetic…`, `Oort Cloud Ecology. III. The Sun…`) belong to the title: the spaces
 * around them are held by a word joiner so that splitting at `. ` does not cut there. An initial after a name
 * (`Goodfellow, I.`, `Doe I.`) is not preceded by a word ending in a full stop, so it is left alone.
 */
const JOIN = '\u2060';
const holdNumerals = (text: string) => text.replace(/(\p{L}{2}[^\s.]*\.|\s[-–—:])\s+([IVX]{1,4}\.)\s+(?=\p{Lu})/gu, `$1${JOIN}$2${JOIN}`);
const release = (text: string) => text.replaceAll(JOIN, ' ');

const tidy = (text: string | undefined | null) =>
  (text &&
    release(text)
      .replace(/\s+/g, ' ')
      .replace(/^[\s,.;:]+|[\s,.;:]+$/g, '')
      .trim()) ||
  null;

/**
 * Period-separated parts of a reference. Initials split an author list into several parts (`Alperin, J` `P`),
 * which is harmless: everything before the title is read as authors again.
 */
function sentences(text: string): string[] {
  return text
    .split(/(?<=\.)\s+|(?<=。)/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Looks like an author list: short comma-separated names, initials, "et al." — not a title. */
function looksLikeAuthors(segment: string): boolean {
  if (/(?:\bet\s+al\.?|等)\s*$/.test(segment)) return true;
  // A colon marks a title and its subtitle; no author list has one.
  if (segment.includes(':')) return false;
  const parts = segment.split(/\s*(?:;|,|，|、|&|\band\b)\s*/).filter(Boolean);
  const short = parts.every((p) => p.split(/\s+/).length <= 4);
  // `H.`, `J P`, or Vancouver's `Gupta RP` (a name then up to three capitals).
  const initials = parts.some((p) => /(?:^|\s)\p{Lu}(?:\.|\s|$)|^\p{Lu}{1,3}$|^\p{Lu}\p{Ll}+\s\p{Lu}{1,3}\.?$/u.test(p.trim()));
  // Without initials, full names: every word capitalised but name particles (`Programming over Thinking` is a title).
  const capitalised = (p: string) =>
    p
      .trim()
      .split(/\s+/)
      .every((w) => /^\p{Lu}/u.test(w) || PARTICLE.test(w));
  return short && (initials || (parts.length >= 2 && parts.every(capitalised)));
}

/** The container: the start of what follows the title, up to volume, pages or year. */
function containerAfter(rest: string): string | null {
  // IEEE dates a preprint before its repository (`Mar. 20, 2025, arXiv`); Nature writes `Preprint at`.
  const text = rest
    .replace(/^\s*[.,]?\s*(?:In:?\s+)?/, '')
    .replace(/^(?:Preprint at\s*)?(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+(?:\d{1,2},\s*)?\d{4},?\s*)?/, '');
  return tidy(text.split(/[,;(]|\s\d|\d|\.(?:\s|$)/)[0]);
}

/** Full-width Latin letters, digits and punctuation (`［Ｊ］．`, `，`) as their narrow forms, which the patterns read. */
const narrow = (text: string) => text.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

export function parseReferenceText(input: string): ParsedReference {
  const original = narrow(input).replace(/\s+/g, ' ').trim();
  const ids = identifiersInText(original);
  const id = (kind: string) => ids.find((i) => i.kind === kind)?.value ?? null;
  const text = holdNumerals(
    original
      .replace(/^\s*(?:\[\d+\]|\d+\.|\(\d+\))\s*/, '')
      .replace(IDENTIFIERS, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  // An author-date year sits right after the authors; `(2018)` at the end is Nature's year, not APA's.
  const dated = APA_YEAR.exec(text);
  const apa = dated && (dated.index < text.length / 2 || looksLikeAuthors(text.slice(0, dated.index))) ? dated : null;
  let title: string | null = null;
  let before = '';
  let after = '';

  const quoted = QUOTED.exec(text);
  const gbt = GBT_MARK.exec(text);
  // A GB/T type mark ends the title; quotation marks inside such a title (`嘉宾反问:"哭要吗?"[J]`) are the title's.
  if (gbt) {
    const head = text.slice(0, gbt.index);
    const split = Math.max(head.lastIndexOf('. '), head.lastIndexOf('。'));
    title = tidy(split >= 0 ? head.slice(split + 1) : head);
    before = split >= 0 ? head.slice(0, split) : '';
    after = text.slice(gbt.index + gbt[0].length);
  } else if (quoted) {
    title = tidy(quoted[1]);
    before = text.slice(0, quoted.index);
    after = text.slice(quoted.index + quoted[0].length);
  } else if (apa) {
    before = text.slice(0, apa.index);
    const [first = '', ...rest] = sentences(text.slice(apa.index + apa[0].length));
    title = tidy(first);
    after = rest.join(' ');
  } else {
    const parts = sentences(text);
    const at = parts.findIndex((p, i) => !(i < parts.length - 1 && looksLikeAuthors(p)) && p.split(/\s+/).length >= 2);
    const index = at >= 0 ? at : 0;
    title = tidy(parts[index]);
    before = parts.slice(0, index).join(' ');
    after = parts.slice(index + 1).join(' ');
  }

  // A title ending in a question is followed by its repository without a full stop (`…Tasks? arXiv; 2026.`).
  const tail = title ? REPOSITORY_AFTER_QUESTION.exec(title) : null;
  if (tail) {
    title = tail[1]!;
    after = `${tail[2]} ${after}`;
  }
  // The year outside the title: `走向分裂——1960年代中苏关系研究[J].` was not published in 1960.
  const yearText = apa?.[1] ?? YEAR.exec(`${before} ${after}`.replace(GBT_MARK, ' '))?.[1];
  const year = yearText ? Number(yearText) : null;
  return {
    doi: id('doi'),
    arxivId: id('arxiv'),
    pmid: id('pmid'),
    title: title && title.length >= 3 ? title : null,
    authors: parseAuthorList(release(before).replace(/[.,]\s*$/, '')),
    year,
    container: containerAfter(release(after).replace(/^[.,]?\s*\/\/\s*/, '')),
    ...parseDetails(release(after), year),
  };
}
