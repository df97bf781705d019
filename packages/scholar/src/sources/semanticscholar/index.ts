// Semantic Scholar Academic Graph (api.semanticscholar.org/graph/v1): relevance search, lookup by DOI, arXiv
// id or PMID, title match. Budget: 1 request/s, the rate granted to an API key; keyless use shares a pool
// with every other keyless caller and often meets 429s.
import type { Paper } from '../../paper';
import { createHttpClient, encodePath, parseJsonBody } from '../http/http-client';
import type { Identifier } from '../identifiers';
import { userAgent, type OnlineSourceOptions } from '../online-options';
import type { Source } from '../source';
import { SourceError } from '../source-error';
import { arr, num, obj } from '../untyped';
import { PAPER_FIELDS, paperFromSemanticScholar } from './map-paper';

export const SEMANTIC_SCHOLAR_BASE_URL = 'https://api.semanticscholar.org';

export interface SemanticScholarOptions extends OnlineSourceOptions {
  apiKey?: string;
}

/** Semantic Scholar's fields of study: the only values its `fieldsOfStudy` filter accepts. */
const FIELDS_OF_STUDY = new Set([
  'Computer Science',
  'Medicine',
  'Chemistry',
  'Biology',
  'Materials Science',
  'Physics',
  'Geology',
  'Psychology',
  'Art',
  'History',
  'Geography',
  'Sociology',
  'Business',
  'Political Science',
  'Economics',
  'Philosophy',
  'Mathematics',
  'Engineering',
  'Environmental Science',
  'Agricultural and Food Sciences',
  'Education',
  'Law',
  'Linguistics',
]);
const PREFIX = { doi: 'DOI', arxiv: 'ARXIV', pmid: 'PMID' } as const;

export function createSemanticScholarSource(options: SemanticScholarOptions): Source {
  const http = createHttpClient({
    source: 'semanticscholar',
    baseUrl: options.baseUrl,
    rateLimit: options.rateLimit ?? { limit: 1, interval: 1000, concurrency: 1 },
    headers: { accept: 'application/json', 'user-agent': userAgent(), ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) },
  });

  const papers = (list: unknown) =>
    arr(list)
      .map(paperFromSemanticScholar)
      .filter((p): p is Paper => p !== null);

  return {
    id: 'semanticscholar',
    name: 'Semantic Scholar',
    lookupKinds: ['doi', 'arxiv', 'pmid'],
    async search(q, signal) {
      // The relevance search serves offset + limit ≤ 1000.
      const limit = Math.max(0, Math.min(q.limit, 100, 1000 - q.offset));
      if (limit === 0) return { hits: [], total: null };
      const year = q.yearFrom !== undefined || q.yearTo !== undefined ? `${q.yearFrom ?? ''}-${q.yearTo ?? ''}` : undefined;
      const fields = (q.fields ?? []).filter((f) => FIELDS_OF_STUDY.has(f)).join(',');
      const { text } = await http.request({
        path: '/graph/v1/paper/search',
        query: { query: q.query, offset: q.offset, limit, fields: PAPER_FIELDS, year, fieldsOfStudy: fields || undefined },
        signal,
      });
      const body = obj(parseJsonBody('semanticscholar', text));
      if (body.data !== undefined && !Array.isArray(body.data))
        throw new SourceError('semanticscholar', 'malformed_response', 'Semantic Scholar answered `data` that is not a list');
      // No scores: Semantic Scholar's order is its ranking.
      return { hits: papers(body.data).map((paper) => ({ paper, score: null })), total: num(body.total) };
    },
    async lookup(id: Identifier, signal) {
      const { status, text } = await http.request({
        path: `/graph/v1/paper/${PREFIX[id.kind]}:${encodePath(id.value)}`,
        query: { fields: PAPER_FIELDS },
        allow: [404],
        signal,
      });
      if (status === 404) return null;
      const paper = paperFromSemanticScholar(parseJsonBody('semanticscholar', text));
      if (!paper) throw new SourceError('semanticscholar', 'malformed_response', 'Semantic Scholar answered a paper without a title');
      return paper;
    },
    async findByTitle(q, signal) {
      // The title match answers its single best match, or 404 when nothing is close.
      const { status, text } = await http.request({
        path: '/graph/v1/paper/search/match',
        query: { query: q.title, fields: PAPER_FIELDS },
        allow: [404],
        signal,
      });
      return status === 404 ? [] : papers(obj(parseJsonBody('semanticscholar', text)).data);
    },
  };
}
