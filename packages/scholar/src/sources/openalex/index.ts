// OpenAlex (api.openalex.org): works search, lookups by DOI, PMID and arXiv id (as arXiv's DataCite DOI).
// Budget: at most 100 requests/s per the docs; we stay at 10/s. `mailto` joins the polite pool; since
// February 2026 an `api_key` is needed for more than a test allowance.
import type { Paper } from '../../paper';
import { createHttpClient, encodePath, parseJsonBody } from '../http/http-client';
import type { Identifier } from '../identifiers';
import { userAgent, type OnlineSourceOptions } from '../online-options';
import { pageWindow } from '../page-window';
import type { Source, SourceQuery } from '../source';
import { SourceError } from '../source-error';
import { arr, num, obj } from '../untyped';
import { paperFromOpenAlexWork } from './map-work';

export const OPENALEX_BASE_URL = 'https://api.openalex.org';

export interface OpenAlexOptions extends OnlineSourceOptions {
  email?: string;
  apiKey?: string;
}

export function createOpenAlexSource(options: OpenAlexOptions): Source {
  const http = createHttpClient({
    source: 'openalex',
    baseUrl: options.baseUrl,
    rateLimit: options.rateLimit ?? { limit: 10, interval: 1000 },
    headers: { accept: 'application/json', 'user-agent': userAgent(options.email) },
  });
  const auth = { mailto: options.email, api_key: options.apiKey };

  async function list(query: Record<string, string | number | undefined>, skip: number, signal: AbortSignal) {
    const { text } = await http.request({ path: '/works', query: { ...query, ...auth }, signal });
    const body = obj(parseJsonBody('openalex', text));
    if (!Array.isArray(body.results)) throw new SourceError('openalex', 'malformed_response', 'OpenAlex answered without a `results` list');
    const hits = arr(body.results)
      .slice(skip)
      .flatMap((work) => {
        const paper = paperFromOpenAlexWork(work);
        return paper ? [{ paper, score: num(obj(work).relevance_score) }] : [];
      });
    return { hits, total: num(obj(body.meta).count) };
  }

  return {
    id: 'openalex',
    name: 'OpenAlex',
    lookupKinds: ['doi', 'pmid', 'arxiv'],
    search(q: SourceQuery, signal) {
      const window = pageWindow(q.offset, q.limit, 200);
      const filter = [
        q.yearFrom !== undefined ? `from_publication_date:${q.yearFrom}-01-01` : null,
        q.yearTo !== undefined ? `to_publication_date:${q.yearTo}-12-31` : null,
        q.hasAbstract ? 'has_abstract:true' : null,
      ]
        .filter(Boolean)
        .join(',');
      return list(
        {
          search: q.query,
          filter: filter || undefined,
          sort: q.sort === 'newest' ? 'publication_date:desc' : undefined,
          page: window.page,
          'per-page': window.perPage,
        },
        window.skip,
        signal,
      ).then((page) => ({ ...page, hits: page.hits.slice(0, q.limit) }));
    },
    async lookup(id: Identifier, signal): Promise<Paper | null> {
      const key = id.kind === 'pmid' ? `pmid:${id.value}` : `doi:${id.kind === 'arxiv' ? `10.48550/arxiv.${id.value}` : id.value}`;
      const { status, text } = await http.request({ path: `/works/${encodePath(key)}`, query: auth, allow: [404], signal });
      if (status === 404) return null;
      const paper = paperFromOpenAlexWork(parseJsonBody('openalex', text));
      if (!paper) throw new SourceError('openalex', 'malformed_response', 'OpenAlex answered a work without a title');
      return paper;
    },
    async findByTitle(q, signal) {
      const { hits } = await list({ search: q.title, 'per-page': q.limit ?? 5 }, 0, signal);
      return hits.map((h) => h.paper);
    },
  };
}
