// Papers → BibTeX. Standard fields first (what LaTeX styles print), then the abstract and keywords, then three
// `citewise-*` fields that BibTeX styles ignore but that let Citewise read the file back without loss (record id,
// source, subject areas; the CSL type when the entry type alone does not say it).
import type { Author, Paper } from '../paper';
import { citeKeys } from './cite-keys';
import { escapeLatex, listItem, MONTHS, verbatimValue } from './bibtex-values';
import { entryTypeFor, cslTypeFor } from './bibtex-types';

export function toBibtex(papers: Paper[]): string {
  const keys = citeKeys(papers);
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const paper of papers) {
    if (seen.has(paper.id)) continue;
    seen.add(paper.id);
    entries.push(bibtexEntry(paper, keys.get(paper.id)!));
  }
  return entries.join('\n');
}

export function bibtexEntry(paper: Paper, key: string): string {
  const entryType = entryTypeFor(paper);
  const d = paper.details ?? {};
  const fields: Array<[string, string | undefined]> = [
    ['title', `{${escapeLatex(paper.title)}}`],
    ['author', paper.authors.length ? paper.authors.map(bibtexName).join(' and ') : undefined],
  ];
  const date = paper.issued;
  if (date) {
    fields.push(['year', String(date.year)]);
    if (date.month) fields.push(['month', MONTHS[date.month - 1]]);
    if (date.month && date.day) fields.push(['day', String(date.day)]);
  }
  const preprint = paper.type === 'article' && !d.publisher;
  const container = paper.container === null ? undefined : escapeLatex(paper.container);
  if (preprint) fields.push(['publisher', container]);
  else if (entryType === 'inproceedings' || entryType === 'incollection') fields.push(['booktitle', container]);
  else fields.push(['journal', container]);
  fields.push(
    ['eventtitle', text(d['event-title'])],
    ['volume', text(d.volume)],
    // In BibTeX an article's issue is its `number`; other entry types use `number` for report or series numbers.
    [entryType === 'article' ? 'number' : 'issue', text(d.issue)],
    [entryType === 'article' ? 'citewise-number' : 'number', text(d.number)],
    // Page ranges are written with BibTeX's en dash (--); the reader turns it back into the hyphen.
    ['pages', d.page === undefined ? undefined : escapeLatex(d.page).replace(/(\w)-(?=\w)/g, '$1--')],
    ['edition', text(d.edition)],
    ['publisher', preprint ? undefined : text(d.publisher)],
    ['address', text(d['publisher-place'])],
    ['isbn', text(d.ISBN)],
    ['issn', text(d.ISSN)],
    ['doi', paper.doi === null ? undefined : verbatimValue(paper.doi)],
    ['eprint', paper.arxivId === null ? undefined : verbatimValue(paper.arxivId)],
    ['archiveprefix', paper.arxivId === null ? undefined : 'arXiv'],
    ['primaryclass', paper.arxivId !== null && /^[a-z-]+(\.[A-Za-z-]+)?$/.test(paper.fields[0] ?? '') ? paper.fields[0] : undefined],
    ['pmid', paper.pmid === null ? undefined : verbatimValue(paper.pmid)],
    ['url', paper.url === null ? undefined : verbatimValue(paper.url)],
    ['language', text(paper.language ?? undefined)],
    ['abstract', text(paper.abstract ?? undefined)],
    ['keywords', paper.keywords.length ? paper.keywords.map((k) => listItem(k)).join(', ') : undefined],
    ['citewise-id', escapeLatex(paper.id)],
    ['citewise-source', escapeLatex(paper.source)],
    ['citewise-fields', paper.fields.length ? paper.fields.map((f) => listItem(f)).join('; ') : undefined],
    ['citewise-type', cslTypeFor(entryType, paper.arxivId !== null) === paper.type ? undefined : paper.type],
  );
  const body = fields.filter(([, v]) => v !== undefined && v !== '').map(([name, value]) => `  ${name} = ${name === 'month' ? value : `{${value}}`},`);
  return `@${entryType}{${key},\n${body.join('\n')}\n}\n`;
}

const text = (value: string | undefined) => (value === undefined ? undefined : escapeLatex(value));

/** "Family, Given"; a name that cannot be split is braced so BibTeX keeps it whole. */
function bibtexName(author: Author): string {
  if (author.literal !== undefined) return `{${escapeLatex(author.literal)}}`;
  const family = escapeLatex(author.family ?? '');
  // A family name BibTeX would split (spaces, lower-case particles we cannot tell apart) stays braced.
  const safeFamily = /\s|,/.test(author.family ?? '') ? `{${family}}` : family;
  return author.given ? `${safeFamily}, ${escapeLatex(author.given)}` : `${safeFamily},`;
}
