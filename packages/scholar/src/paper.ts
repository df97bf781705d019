// One paper record, used everywhere: search results, the library, citations. Field names follow CSL-JSON where
// CSL has them, so a record converts to CSL-JSON without loss.

export interface Author {
  family?: string;
  given?: string;
  /** A name that cannot be split (institutions, or names as given by the source). */
  literal?: string;
}

export interface PaperDate {
  year: number;
  month?: number;
  day?: number;
}

export interface Paper {
  /** Stable id as imported: `arXiv:2511.09381`, `doi:10.1000/x`, `csl:dev-0001`, or a benchmark's own id. */
  id: string;
  title: string;
  abstract: string | null;
  authors: Author[];
  issued: PaperDate | null;
  /** Journal, conference or repository (`container-title` in CSL). */
  container: string | null;
  doi: string | null;
  arxivId: string | null;
  pmid: string | null;
  url: string | null;
  /** BCP 47 language of the record's title/abstract, e.g. `en`, `zh`. */
  language: string | null;
  /** CSL item type: `article-journal`, `paper-conference`, `article` (preprint), … */
  type: string;
  /** Subject areas (arXiv categories, disciplines). */
  fields: string[];
  keywords: string[];
  /** Where the record came from: `arxiv`, `csl`, `openalex`, … */
  source: string;
  /** Publication details some records carry (journal volume, pages, publisher, …), named as CSL variables. */
  /** How many works cite it, as the source that counted last said (OpenAlex, Crossref, Semantic Scholar). */
  citationCount?: number | null;
  /** A PDF anyone may read, where a source knows one (OpenAlex's best open-access location, Semantic Scholar). */
  openAccessPdf?: string | null;
  details?: Partial<Record<'volume' | 'issue' | 'page' | 'number' | 'edition' | 'publisher' | 'publisher-place' | 'event-title' | 'ISBN' | 'ISSN', string>>;
}

/** Splits "Given Family" the way most Western names are written; CJK names stay whole. */
export function parseAuthorName(name: string): Author {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed.includes(' ') || /\p{Script=Han}/u.test(trimmed)) return { literal: trimmed };
  const parts = trimmed.split(' ');
  const family = parts.pop()!;
  return { given: parts.join(' '), family };
}

export const authorName = (a: Author) => a.literal ?? [a.given, a.family].filter(Boolean).join(' ');

/** The open-access PDF of a paper: the one a source named, else arXiv's own PDF of a preprint. */
export function openAccessPdfOf(paper: Pick<Paper, 'openAccessPdf' | 'arxivId'>): string | null {
  if (paper.openAccessPdf) return paper.openAccessPdf;
  return paper.arxivId ? `https://arxiv.org/pdf/${paper.arxivId}` : null;
}
