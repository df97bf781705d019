// arXiv (export.arxiv.org/api/query, Atom 1.0): search, lookup by arXiv id. The API terms ask for no more than
// one request every three seconds on a single connection.
import type { Paper } from '../../paper';
import { createHttpClient } from '../http/http-client';
import type { Identifier } from '../identifiers';
import { userAgent, type OnlineSourceOptions } from '../online-options';
import type { Source } from '../source';
import { SourceError } from '../source-error';
import { searchQuery, titleQuery } from './build-query';
import { parseArxivFeed } from './parse-feed';

export const ARXIV_BASE_URL = 'https://export.arxiv.org/api';

export function createArxivSource(options: OnlineSourceOptions): Source {
  const http = createHttpClient({
    source: 'arxiv',
    baseUrl: options.baseUrl,
    rateLimit: options.rateLimit ?? { limit: 1, interval: 3000, concurrency: 1 },
    headers: { accept: 'application/atom+xml', 'user-agent': userAgent() },
  });

  async function query(params: Record<string, string | number>, signal: AbortSignal) {
    const { text } = await http.request({ path: '/query', query: params, signal });
    const feed = parseArxivFeed(text);
    if (feed.error) throw new SourceError('arxiv', 'bad_request', `arXiv refused the query: ${feed.error}`);
    return feed;
  }

  return {
    id: 'arxiv',
    name: 'arXiv',
    lookupKinds: ['arxiv'],
    async search(q, signal) {
      const feed = await query(
        {
          search_query: searchQuery(q),
          start: q.offset,
          max_results: Math.min(q.limit, 2000),
          sortBy: q.sort === 'newest' ? 'submittedDate' : 'relevance',
          sortOrder: 'descending',
        },
        signal,
      );
      // arXiv gives no scores: its order is the ranking.
      return { hits: feed.papers.slice(0, q.limit).map((paper) => ({ paper, score: null })), total: feed.total };
    },
    async lookup(id: Identifier, signal): Promise<Paper | null> {
      if (id.kind !== 'arxiv') return null;
      const feed = await query({ id_list: id.value, start: 0, max_results: 1 }, signal);
      return feed.papers.find((p) => p.arxivId === id.value) ?? null;
    },
    async findByTitle(q, signal) {
      const feed = await query({ search_query: titleQuery(q.title, q.authors), start: 0, max_results: q.limit ?? 5 }, signal);
      return feed.papers;
    },
  };
}
