import 'server-only';
import { formatBibliographyEntries, formatCitation, type CitationStyleId, type Paper } from '@citewise/scholar';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import type { RenderedCitations } from '../types';
import { citableLibrary, type CitableLibrary } from './citable-library';

/**
 * The in-text citations of a note's markers and its bibliography in a citation style, from the user's library.
 * The papers are numbered in the order the markers first cite them (numeric styles); unknown keys are listed.
 */
export async function renderCitations(claims: UserClaims, markers: string[][], style: CitationStyleId): Promise<RenderedCitations> {
  const library = await withUserDb(claims, (db) => citableLibrary(db));
  return formatNoteCitations(library, markers, style);
}

export function formatNoteCitations(library: CitableLibrary, markers: string[][], style: CitationStyleId): RenderedCitations {
  const unknown = new Set<string>();
  const cited = new Map<string, { key: string; paper: Paper }>();
  for (const keys of markers) {
    for (const key of keys) {
      const found = library.byKey.get(key);
      if (!found) unknown.add(key);
      else if (!cited.has(found.paper.id)) cited.set(found.paper.id, { key, paper: found.paper });
    }
  }
  const papers = [...cited.values()].map((entry) => entry.paper);
  const citations = markers.map((keys) => {
    if (keys.some((key) => !library.byKey.has(key))) return null;
    const ids = [...new Set(keys.map((key) => library.byKey.get(key)!.paper.id))];
    return formatCitation(papers, { style, cite: ids });
  });
  const bibliography = papers.length
    ? formatBibliographyEntries(papers, { style }).map((entry) => ({ key: cited.get(entry.id)?.key ?? entry.id, text: entry.reference }))
    : [];
  return { citations, bibliography, unknown: [...unknown] };
}
