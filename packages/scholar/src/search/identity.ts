// What makes two records the same work: a shared DOI, arXiv id or PMID; failing those, the same normalised
// title, year and first author's family name (a missing year or author on one side does not count against).
import type { Paper } from '../paper';
import { arxivIdFromDoi, normaliseArxivId, normaliseDoi, normalisePmid } from '../sources/identifiers';
import { familyKey, normaliseTitle } from './normalize';

export interface WorkIdentity {
  doi: string | null;
  arxiv: string | null;
  pmid: string | null;
  title: string;
  year: number | null;
  family: string;
}

export function identityOf(paper: Paper): WorkIdentity {
  const doi = normaliseDoi(paper.doi);
  const arxivFromUrl = paper.url && /arxiv\.org\/abs\//i.test(paper.url) ? normaliseArxivId(paper.url) : null;
  return {
    doi: arxivIdFromDoi(doi) ? null : doi,
    arxiv: normaliseArxivId(paper.arxivId) ?? arxivIdFromDoi(doi) ?? arxivFromUrl,
    pmid: normalisePmid(paper.pmid),
    title: normaliseTitle(paper.title),
    year: paper.issued?.year ?? null,
    family: familyKey(paper.authors[0]),
  };
}

/**
 * Titles this long are specific enough to match without an author on one side; shorter ones ("Introduction",
 * "Security") need both. Chinese characters carry more than Latin letters, so they count three times.
 */
function specific(title: string) {
  const han = title.match(/\p{Script=Han}/gu)?.length ?? 0;
  return title.length + 2 * han >= 20;
}

/** Same work by title, year and first author (identifiers are compared separately). */
export function sameByTitle(a: WorkIdentity, b: WorkIdentity): boolean {
  if (!a.title || a.title !== b.title || a.title.length < 4) return false;
  if (a.year !== null && b.year !== null && a.year !== b.year) return false;
  if (a.family && b.family) return a.family === b.family;
  return specific(a.title);
}
