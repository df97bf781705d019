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
  if (paper.url && /^https?:\/\//.test(paper.url) && !links.some((link) => link.href === paper.url)) links.push({ kind: 'url', href: paper.url, label: paper.url });
  return links;
}
