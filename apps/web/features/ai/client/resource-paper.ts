import { parseAuthorName, type Paper } from '@citewise/scholar/paper';
import type { RetrieverResource } from '@/features/ai/types';

/**
 * The paper an answer's source card shows, saves and cites: the record the runtime sent with it, or (a Dify server,
 * an answer stored before records were sent) one rebuilt from the card's own fields.
 */
export function paperOfResource(resource: RetrieverResource): Paper {
  if (resource.paper) return resource.paper;
  return {
    id: resource.paper_id ?? `resource:${resource.position}`,
    title: resource.title ?? resource.document_name ?? '',
    abstract: null,
    authors: (resource.authors ?? []).map(parseAuthorName),
    issued: resource.year ? { year: resource.year } : null,
    container: resource.venue ?? null,
    doi: resource.doi ?? null,
    arxivId: null,
    pmid: null,
    url: resource.url ?? null,
    language: null,
    type: 'article-journal',
    fields: [],
    keywords: [],
    source: 'ai',
  };
}
