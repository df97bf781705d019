// Papers → RIS, one record per paper, in the tag order reference managers write.
import type { Author, Paper } from '../paper';
import { cslTypeForRis, risLine, risTypeFor } from './ris';

export function toRis(papers: Paper[]): string {
  const seen = new Set<string>();
  return papers
    .filter((p) => !seen.has(p.id) && (seen.add(p.id), true))
    .map(risRecord)
    .join('\n');
}

export function risRecord(paper: Paper): string {
  const d = paper.details ?? {};
  const ty = risTypeFor(paper.type);
  const lines: string[] = [risLine('TY', ty), risLine('ID', paper.id), risLine('TI', paper.title)];
  for (const author of paper.authors) lines.push(risLine('AU', risName(author)));
  if (paper.issued) {
    const { year, month, day } = paper.issued;
    lines.push(risLine('PY', String(year)));
    lines.push(risLine('DA', `${year}/${month ? String(month).padStart(2, '0') : ''}/${day ? String(day).padStart(2, '0') : ''}/`));
  }
  const preprint = paper.type === 'article' && !d.publisher;
  if (paper.container !== null) lines.push(risLine(preprint ? 'PB' : 'T2', paper.container));
  const optional: Array<[string, string | undefined]> = [
    ['C3', d['event-title']],
    ['VL', d.volume],
    ['IS', d.issue],
    ['M1', d.number],
    ['ET', d.edition],
    ['PB', preprint ? undefined : d.publisher],
    ['CY', d['publisher-place']],
    ['SN', d.ISBN],
    ['SN', d.ISSN],
    ['DO', paper.doi ?? undefined],
    ['AN', paper.arxivId === null ? undefined : `arXiv:${paper.arxivId}`],
    ['AN', paper.pmid === null ? undefined : `PMID:${paper.pmid}`],
    ['UR', paper.url ?? undefined],
    ['LA', paper.language ?? undefined],
    ['DB', paper.source],
    ['AB', paper.abstract ?? undefined],
    ['C1', paper.fields.length ? paper.fields.join('; ') : undefined],
  ];
  // Start and end page when the range is "first-last"; anything else (e.g. "e4375") as the start page.
  const range = d.page === undefined ? null : /^([^-\s]+)-([^-\s]+)$/.exec(d.page);
  if (range) optional.splice(4, 0, ['SP', range[1]], ['EP', range[2]]);
  else optional.splice(4, 0, ['SP', d.page]);
  for (const [tag, value] of optional) if (value !== undefined && value !== '') lines.push(risLine(tag, value));
  for (const keyword of paper.keywords) lines.push(risLine('KW', keyword));
  if (cslTypeForRis(ty) !== paper.type) lines.push(risLine('M3', paper.type));
  lines.push('ER  - ');
  return `${lines.join('\n')}\n`;
}

/** "Family, Given"; a name that cannot be split is written as is; a family name alone keeps its comma. */
function risName(author: Author): string {
  if (author.literal !== undefined) return author.literal;
  return `${author.family ?? ''},${author.given ? ` ${author.given}` : ''}`;
}
