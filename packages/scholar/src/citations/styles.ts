// The citation styles Citewise offers, for the UI's style picker and the export API. Each one is a bundled CSL
// file (packages/scholar/csl/styles); nothing is ever fetched.

export const CITATION_STYLE_IDS = [
  'apa',
  'ieee',
  'mla',
  'chicago-author-date',
  'nature',
  'vancouver',
  'harvard',
  'gb-t-7714-2015-numeric',
  'gb-t-7714-2015-author-date',
] as const;

export type CitationStyleId = (typeof CITATION_STYLE_IDS)[number];

export interface CitationStyle {
  id: CitationStyleId;
  name: { en: string; zh: string };
  /** How in-text citations look: `[1]`, `(Vaswani et al., 2017)`, or `(Vaswani et al.)` (MLA: author and page). */
  citationFormat: 'numeric' | 'author-date' | 'author';
  /** GB/T 7714 renders each item in its own language (等 / et al.); the others render everything in English. */
  bilingual: boolean;
  /** The bundled CSL file (packages/scholar/csl/styles/<file>.csl). */
  file: string;
}

export const CITATION_STYLES: readonly CitationStyle[] = [
  { id: 'apa', name: { en: 'APA (7th edition)', zh: 'APA（第 7 版）' }, citationFormat: 'author-date', bilingual: false, file: 'apa' },
  { id: 'ieee', name: { en: 'IEEE', zh: 'IEEE' }, citationFormat: 'numeric', bilingual: false, file: 'ieee' },
  { id: 'mla', name: { en: 'MLA (9th edition)', zh: 'MLA（第 9 版）' }, citationFormat: 'author', bilingual: false, file: 'modern-language-association' },
  {
    id: 'chicago-author-date',
    name: { en: 'Chicago (author-date, 18th edition)', zh: '芝加哥（作者-日期，第 18 版）' },
    citationFormat: 'author-date',
    bilingual: false,
    file: 'chicago-author-date',
  },
  { id: 'nature', name: { en: 'Nature', zh: 'Nature（《自然》）' }, citationFormat: 'numeric', bilingual: false, file: 'nature' },
  // Upstream's "Vancouver" is a dependent style whose formatting is NLM's citation-sequence style.
  { id: 'vancouver', name: { en: 'Vancouver (NLM)', zh: '温哥华（NLM）' }, citationFormat: 'numeric', bilingual: false, file: 'nlm-citation-sequence' },
  {
    id: 'harvard',
    name: { en: 'Harvard (Cite Them Right)', zh: '哈佛（Cite Them Right）' },
    citationFormat: 'author-date',
    bilingual: false,
    file: 'harvard-cite-them-right',
  },
  {
    id: 'gb-t-7714-2015-numeric',
    name: { en: 'GB/T 7714-2015 (numeric)', zh: 'GB/T 7714—2015（顺序编码制）' },
    citationFormat: 'numeric',
    bilingual: true,
    file: 'china-national-standard-gb-t-7714-2015-numeric',
  },
  {
    id: 'gb-t-7714-2015-author-date',
    name: { en: 'GB/T 7714-2015 (author-date)', zh: 'GB/T 7714—2015（著者-出版年制）' },
    citationFormat: 'author-date',
    bilingual: true,
    file: 'china-national-standard-gb-t-7714-2015-author-date',
  },
];

export function isCitationStyleId(value: string): value is CitationStyleId {
  return (CITATION_STYLE_IDS as readonly string[]).includes(value);
}

/** The style with this id; throws a clear error for an unknown one (the API validates ids before this). */
export function getCitationStyle(id: string): CitationStyle {
  const style = CITATION_STYLES.find((s) => s.id === id);
  if (!style) throw new RangeError(`unknown citation style "${id}"; known styles: ${CITATION_STYLE_IDS.join(', ')}`);
  return style;
}
