// BibTeX entry types ⇄ CSL item types. The mapping is many-to-one in places (BibTeX has no "webpage"), so the
// writer adds `citewise-type` whenever the entry type alone would not give the paper's type back.

const TO_BIBTEX: Record<string, string> = {
  'article-journal': 'article',
  'article-magazine': 'article',
  'article-newspaper': 'article',
  'paper-conference': 'inproceedings',
  book: 'book',
  chapter: 'incollection',
  thesis: 'phdthesis',
  report: 'techreport',
  manuscript: 'unpublished',
  article: 'misc',
};

const FROM_BIBTEX: Record<string, string> = {
  article: 'article-journal',
  inproceedings: 'paper-conference',
  conference: 'paper-conference',
  book: 'book',
  mvbook: 'book',
  proceedings: 'book',
  incollection: 'chapter',
  inbook: 'chapter',
  phdthesis: 'thesis',
  mastersthesis: 'thesis',
  thesis: 'thesis',
  techreport: 'report',
  report: 'report',
  unpublished: 'manuscript',
  online: 'webpage',
  electronic: 'webpage',
  www: 'webpage',
  dataset: 'dataset',
  software: 'software',
  patent: 'patent',
  manual: 'book',
  booklet: 'book',
};

export function entryTypeFor(paper: { type: string }): string {
  return TO_BIBTEX[paper.type] ?? 'misc';
}

/** The CSL type of an entry type; a `misc` or `online` entry with an arXiv eprint is a preprint (`article`). */
export function cslTypeFor(entryType: string, hasEprint: boolean): string {
  const type = entryType.toLowerCase();
  if (hasEprint && ['misc', 'online', 'unpublished', 'preprint', 'article'].includes(type)) return type === 'article' ? 'article-journal' : 'article';
  if (type === 'preprint') return 'article';
  return FROM_BIBTEX[type] ?? 'document';
}
