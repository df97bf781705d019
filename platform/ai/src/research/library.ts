// The user's own library as a retrieval source of the research assistant, used when a question asks for it
// (`search_library: yes`). The product supplies the entries (read under the user's identity, so only theirs);
// this ranks them against the question the way the literature passages are ranked, by shared terms.
import type { Paper } from '@citewise/scholar';
import { bestPassages, terms, type Evidence } from './retrieve';

/** One saved paper: the library entry's id and its record. */
export interface LibraryEntry {
  entryId: string;
  paper: Paper;
  /** The person's own words about it, searched too. */
  note?: string;
  tags?: string[];
}

/**
 * The entries of one end user's library (Dify's `user`, as the product sent it). Supplied by the product; an
 * end user it does not know has an empty library.
 */
export type UserLibrary = (endUser: string, signal: AbortSignal) => Promise<LibraryEntry[]>;

export type LibraryEvidence = Evidence & { libraryEntryId: string };

/** The entries that share terms with the question, best first; ties keep the library's order. */
export function rankLibrary(entries: LibraryEntry[], query: string, limit: number): LibraryEvidence[] {
  const wanted = terms(query);
  if (wanted.size === 0) return [];
  return entries
    .map((entry, order) => {
      const text = [entry.paper.title, entry.paper.abstract ?? '', entry.note ?? '', ...(entry.tags ?? [])].join(' ');
      let hits = 0;
      for (const term of terms(text)) if (wanted.has(term)) hits++;
      return { entry, order, score: hits / wanted.size };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ entry, score }, i) => ({
      position: i + 1,
      paper: entry.paper,
      sources: ['library'],
      score: Math.round(score * 10_000) / 10_000,
      passages: bestPassages(entry.paper, query),
      libraryEntryId: entry.entryId,
    }));
}

/**
 * The library's evidence first, then the literature's; a paper found in both is given once, as the library
 * entry, with both sources. Positions are renumbered in that order.
 */
export function mergeEvidence(library: LibraryEvidence[], literature: Evidence[]): Evidence[] {
  const merged: Evidence[] = library.map((e) => ({ ...e }));
  for (const e of literature) {
    const same = merged.find((m) => m.paper.id === e.paper.id || (m.paper.doi && m.paper.doi === e.paper.doi));
    if (same) same.sources = [...new Set([...same.sources, ...e.sources])];
    else merged.push({ ...e });
  }
  return merged.map((e, i) => ({ ...e, position: i + 1 }));
}

/**
 * Ask scoped to a collection: its papers that share terms with the question first, then the rest in the
 * collection's order, up to the limit — a question in other words than the abstracts still gets the collection.
 */
export function rankCollection(entries: LibraryEntry[], query: string, limit: number): LibraryEvidence[] {
  const ranked = rankLibrary(entries, query, limit);
  const rest = entries
    .filter((entry) => !ranked.some((r) => r.libraryEntryId === entry.entryId))
    .slice(0, Math.max(0, limit - ranked.length))
    .map((entry) => ({
      position: 0,
      paper: entry.paper,
      sources: ['library'],
      score: 0,
      passages: bestPassages(entry.paper, query),
      libraryEntryId: entry.entryId,
    }));
  return [...ranked, ...rest].map((e, i) => ({ ...e, position: i + 1 }));
}
