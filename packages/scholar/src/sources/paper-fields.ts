// Building blocks every adapter uses to fill a Paper: ids, dates, plain text from markup, a language guess.
import type { Paper, PaperDate } from '../paper';

/** One id for the same work whichever source found it: DOI, else arXiv id, else PMID, else the provider's own. */
export function canonicalId(ids: { doi: string | null; arxivId: string | null; pmid: string | null }, fallback: string): string {
  if (ids.doi && !ids.doi.startsWith('10.48550/')) return `doi:${ids.doi}`;
  if (ids.arxivId) return `arXiv:${ids.arxivId}`;
  if (ids.pmid) return `pmid:${ids.pmid}`;
  return fallback;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date from loose parts (`2001`, `Jun` or `06`, `3`); null without a plausible year. */
export function dateFromParts(year: unknown, month?: unknown, day?: unknown): PaperDate | null {
  const y = Number(year);
  if (!Number.isInteger(y) || y < 1000 || y > 2999) return null;
  const monthText = typeof month === 'string' ? month.trim().toLowerCase() : month;
  const m = typeof monthText === 'string' && MONTHS.includes(monthText.slice(0, 3)) ? MONTHS.indexOf(monthText.slice(0, 3)) + 1 : Number(monthText);
  if (!Number.isInteger(m) || m < 1 || m > 12) return { year: y };
  const d = Number(day);
  return Number.isInteger(d) && d >= 1 && d <= 31 ? { year: y, month: m, day: d } : { year: y, month: m };
}

/** `2018-02-13`, `2018-02`, `2018`, or an ISO timestamp. */
export function dateFromIso(text: unknown): PaperDate | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(text.trim());
  return match ? dateFromParts(match[1], match[2], match[3]) : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text content of a bit of XML/HTML (JATS abstracts, MathML, `<i>`): tags dropped, entities decoded, spaces collapsed. */
export function plainText(markup: string | null | undefined): string | null {
  if (!markup) return null;
  const text = markup
    // Inline formatting sits inside words (`<i>TERT</i>s`); block and math elements separate them.
    .replace(/<\/?(?:[a-z]+:)?(?:i|b|em|strong|u|sup|sub|sc|span|a|italic|bold)(?:\s[^>]*)?>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .trim();
  return text || null;
}

/** BCP 47 language from the script of the text, for providers that do not say; null when unsure. */
export function guessLanguage(text: string): string | null {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (!letters) return null;
  const share = (pattern: RegExp) => (letters.match(pattern)?.length ?? 0) / letters.length;
  if (share(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) > 0.1) return 'ja';
  if (share(/\p{Script=Hangul}/gu) > 0.3) return 'ko';
  if (share(/\p{Script=Han}/gu) > 0.3) return 'zh';
  if (share(/\p{Script=Cyrillic}/gu) > 0.5) return 'ru';
  return share(/[a-z]/gi) > 0.97 ? 'en' : null;
}

/** ISO 639-2 (`eng`, `chi`) or 639-1 codes as providers give them → BCP 47 primary tags. */
export function languageTag(code: string | null): string | null {
  if (!code) return null;
  const lower = code.trim().toLowerCase();
  const three: Record<string, string> = {
    eng: 'en',
    chi: 'zh',
    zho: 'zh',
    ger: 'de',
    deu: 'de',
    fre: 'fr',
    fra: 'fr',
    spa: 'es',
    jpn: 'ja',
    kor: 'ko',
    rus: 'ru',
    por: 'pt',
    ita: 'it',
  };
  if (three[lower]) return three[lower];
  return /^[a-z]{2}(-[a-z0-9]+)*$/i.test(lower) ? lower : null;
}

/** An http(s) URL as given, or null: a link a page may render as-is (no `javascript:` or data URLs). */
export function httpUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A record's journal volume, issue and pages (CSL names), without empty values; null when it gives none. */
export function detailsOf(values: { volume: string | null; issue: string | null; page: string | null }): Paper['details'] | null {
  const details = Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value?.trim()])
      .filter(([, value]) => value),
  ) as Paper['details'];
  return details && Object.keys(details).length ? details : null;
}
