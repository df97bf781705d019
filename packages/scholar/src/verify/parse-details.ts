// Volume, issue and pages as the common styles write them after the title: `vol. 38, no. 4, pp. 112–118` (IEEE,
// MLA), `38(4): 112-118` (GB/T 7714), `2017;38(4):112–8` (Vancouver), `38(4), 112–118` (APA), `PeerJ, 6, e4375`
// (APA without an issue), `Nature 521, 436–444 (2015)` (Nature). What is not clearly one of these stays unread.

export interface PublicationDetails {
  volume: string | null;
  issue: string | null;
  pages: string | null;
}

const PAGE = String.raw`[eE]?\d+[a-zA-Z]?`;
const RANGE = String.raw`${PAGE}(?:\s*[-–—]+\s*${PAGE})?`;

/** `112–8` → `112-118`, `e4375` → `e4375`: one spelling of a page or range, for comparing. */
export function normalisePages(pages: string | null | undefined): string | null {
  if (!pages) return null;
  const [start, end] = pages
    .replace(/\s+/g, '')
    .split(/[-–—]+/)
    .map((p) => p.toLowerCase());
  if (!start) return null;
  if (!end || end === start) return start;
  // Abbreviated ends (`436–44`) borrow the start's leading digits.
  const full = /^\d+$/.test(start) && /^\d+$/.test(end) && end.length < start.length ? start.slice(0, start.length - end.length) + end : end;
  return `${start}-${full}`;
}

const tidy = (value: string | undefined) => value?.replace(/\s+/g, '').replace(/[–—]+/g, '-') || null;

export function parseDetails(after: string, year: number | null): PublicationDetails {
  const text = after.replace(/\s+/g, ' ');
  const labelled = {
    // `vol. 6`, or Harvard's bare `6, p. e4375`.
    volume: /\bvol\.?\s*(\d+[A-Za-z]?)/i.exec(text)?.[1] ?? /(?<![\p{L}\d.])(\d{1,5}),\s*pp?\.\s/u.exec(text)?.[1],
    issue: /\b(?:no|issue)\.?\s*(\d+(?:[-–]\d+)?)/i.exec(text)?.[1],
    pages: new RegExp(String.raw`\bpp?\.\s*(${RANGE})`).exec(text)?.[1],
  };
  if (labelled.volume || labelled.pages) return { volume: tidy(labelled.volume), issue: tidy(labelled.issue), pages: tidy(labelled.pages) };

  // `38(4): 112-118`, `38(4):112–8`, `38(4), 112–118`, or `38(4)` alone.
  const withIssue = new RegExp(String.raw`(?<![\p{L}\d.])(\d{1,5})\s*\((\d+(?:\s*[-–/]\s*\d+)?|S\d+|Suppl\.? ?\d*)\)(?:\s*[:,]\s*(${RANGE}))?`, 'u').exec(text);
  // `e4375 (2018)` is an article number and Nature's year, not a volume and its issue.
  if (withIssue && Number(withIssue[1]) !== year && Number(withIssue[2]) !== year)
    return { volume: withIssue[1]!, issue: tidy(withIssue[2]), pages: tidy(withIssue[3]) };

  // `2017;38:112-8`, `2019, 38: 112-118`: volume, a colon, pages.
  const colon = new RegExp(String.raw`(?<![\d.])(\d{1,5})\s*:\s*(${RANGE})`).exec(text);
  if (colon && Number(colon[1]) !== year) return { volume: colon[1]!, issue: null, pages: tidy(colon[2]) };

  // `PeerJ, 6, e4375`, `Nature 521, 436–444`: a volume and a page range or an article number (never a year).
  const bare = new RegExp(String.raw`(?<![\p{L}\d.:])(\d{1,5}),\s*([eE]\d+|\d+\s*[-–—]+\s*\d+)(?!\d|\.\d)`, 'u').exec(text);
  if (bare && Number(bare[1]) !== year && !/^(1[6-9]|20)\d{2}$/.test(bare[1]!)) return { volume: bare[1]!, issue: null, pages: tidy(bare[2]) };
  return { volume: null, issue: null, pages: null };
}
