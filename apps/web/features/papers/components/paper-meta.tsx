import type { Author, Paper } from '@citewise/scholar';

export function authorLabel(author: Author): string {
  return author.literal ?? [author.given, author.family].filter(Boolean).join(' ');
}

/** The first authors, then "et al." / "等" for the rest. */
export function authorsLine(paper: Paper, etAl: string, max = 5): string {
  const names = paper.authors.slice(0, max).map(authorLabel);
  return paper.authors.length > max ? `${names.join(', ')} ${etAl}` : names.join(', ');
}

/** Where to read the paper: DOI, arXiv, PubMed and the record's own URL, without repeats. */
export function paperLinks(paper: Paper): Array<{ kind: 'doi' | 'arxiv' | 'pmid' | 'url'; href: string; label: string }> {
  const links: Array<{ kind: 'doi' | 'arxiv' | 'pmid' | 'url'; href: string; label: string }> = [];
  if (paper.doi) links.push({ kind: 'doi', href: `https://doi.org/${paper.doi}`, label: paper.doi });
  if (paper.arxivId) links.push({ kind: 'arxiv', href: `https://arxiv.org/abs/${paper.arxivId}`, label: paper.arxivId });
  if (paper.pmid) links.push({ kind: 'pmid', href: `https://pubmed.ncbi.nlm.nih.gov/${paper.pmid}/`, label: paper.pmid });
  if (paper.url && /^https?:\/\//.test(paper.url) && !links.some((link) => link.href === paper.url))
    links.push({ kind: 'url', href: paper.url, label: paper.url });
  return links;
}

export type MissingField = 'authors' | 'year' | 'venue';

/**
 * What a record lacks for a finished citation. A preprint's repository (its arXiv id) is its venue; a record with
 * neither a container nor an arXiv id has none.
 */
export function missingFields(paper: Paper): MissingField[] {
  const missing: MissingField[] = [];
  if (!paper.authors.some((author) => (author.family ?? author.literal ?? '').trim())) missing.push('authors');
  if (!paper.issued?.year) missing.push('year');
  if (!paper.container?.trim() && !paper.arxivId) missing.push('venue');
  return missing;
}
