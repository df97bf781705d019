// Retrieved papers as Dify's `retriever_resources`. Dify's own fields, plus the paper record (documented in
// docs "Connecting a model"): paper_id, title, authors, year, venue, doi, url, and the record itself (paper).
import { authorName } from '@citewise/scholar';
import type { Evidence } from './retrieve';

export type RetrieverResource = ReturnType<typeof toResource>;

export function toResource(e: Evidence) {
  return {
    position: e.position,
    dataset_id: e.sources[0] ?? 'local',
    dataset_name: e.libraryEntryId ? `Your library (${e.sources.join(', ')})` : `Citewise literature (${e.sources.join(', ')})`,
    document_id: e.paper.id,
    document_name: e.paper.title,
    data_source_type: 'scholar',
    segment_id: `${e.paper.id}#${e.passages.map((p) => p.index).join(',')}`,
    retriever_from: 'api',
    score: e.score,
    content: e.passages.map((p) => p.text).join(' '),
    paper_id: e.paper.id,
    title: e.paper.title,
    authors: e.paper.authors.map(authorName),
    year: e.paper.issued?.year ?? null,
    venue: e.paper.container,
    doi: e.paper.doi,
    url: e.paper.url,
    /** The user's library entry this paper is (null when it came from the literature alone). */
    library_entry_id: e.libraryEntryId ?? null,
    /** The whole record, so a client can show, save and cite the paper without asking a source for it again. */
    paper: e.paper,
  };
}
