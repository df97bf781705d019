// Ids for records that arrive without one of ours. Identifiers come first, so the same paper imported from
// BibTeX, RIS or CSL-JSON lands on the same row as when it comes from a source adapter.
import { createHash } from 'node:crypto';
import type { Paper } from '../paper';

export function derivePaperId(paper: Pick<Paper, 'arxivId' | 'doi' | 'pmid'>, fallback: string): string {
  // The same order as the source adapters' ids: a journal DOI, then arXiv (whose DataCite DOI is not a journal's).
  if (paper.doi && !/^10\.48550\//.test(paper.doi)) return `doi:${paper.doi.toLowerCase()}`;
  if (paper.arxivId) return `arXiv:${paper.arxivId.replace(/v\d+$/, '')}`;
  if (paper.doi) return `doi:${paper.doi.toLowerCase()}`;
  if (paper.pmid) return `pmid:${paper.pmid}`;
  return fallback;
}

/** A stable id from what identifies a paper without identifiers: title, year and first author. */
export function contentId(prefix: string, paper: Pick<Paper, 'title' | 'issued' | 'authors'>): string {
  const first = paper.authors[0];
  const key = [
    paper.title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
    paper.issued?.year ?? '',
    first?.family ?? first?.literal ?? '',
  ].join('|');
  return `${prefix}:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
