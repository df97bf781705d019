// RIS tags ⇄ CSL items. RIS is a line format ("TY  - JOUR" … "ER  - "); this module knows which tag holds what.
// Beyond the common tags, Citewise writes: AN "arXiv:<id>" / "PMID:<n>" (accession numbers, as Zotero and
// EndNote do), DB the record's source, C1 its subject areas ("; "-separated), M3 the CSL type when TY does not
// give it back, C3 the conference name.

const TO_RIS: Record<string, string> = {
  'article-journal': 'JOUR',
  'paper-conference': 'CPAPER',
  article: 'UNPB',
  book: 'BOOK',
  chapter: 'CHAP',
  thesis: 'THES',
  report: 'RPRT',
  webpage: 'ELEC',
  dataset: 'DATA',
  software: 'COMP',
  patent: 'PAT',
  'article-magazine': 'MGZN',
  'article-newspaper': 'NEWS',
  manuscript: 'MANSCPT',
  standard: 'STAND',
};

const FROM_RIS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(TO_RIS).map(([csl, ris]) => [ris, csl])),
  CONF: 'paper-conference',
  EJOUR: 'article-journal',
  JFULL: 'article-journal',
  ABST: 'article-journal',
  INPR: 'article-journal',
  EBOOK: 'book',
  EDBOOK: 'book',
  ECHAP: 'chapter',
  BLOG: 'post-weblog',
  WEB: 'webpage',
  GEN: 'document',
};

export const risTypeFor = (cslType: string) => TO_RIS[cslType] ?? 'GEN';
export const cslTypeForRis = (risType: string) => FROM_RIS[risType.toUpperCase()] ?? 'document';

/** One tag's line(s): values with line breaks continue on the following lines, as RIS readers expect. */
export const risLine = (tag: string, value: string) => `${tag}  - ${value}`;

export const TAG_LINE = /^([A-Z][A-Z0-9])  -(?: (.*))?$/;

const ISSN = /^\d{4}-?\d{3}[\dX]$/i;
export const isIssn = (value: string) => ISSN.test(value.trim());
