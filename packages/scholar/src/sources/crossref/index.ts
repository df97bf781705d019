// Crossref (api.crossref.org): works search, lookup by DOI, reference matching with `query.bibliographic`.
// Budget (Crossref's limits from December 2025): public pool 5 requests/s with 1 in flight; the polite pool
// (a `mailto`) 10 requests/s with 3 in flight.
import type { Paper } from '../../paper';
import { createHttpClient, encodePath, parseJsonBody } from '../http/http-client';
import type { Identifier } from '../identifiers';
import { userAgent, type OnlineSourceOptions } from '../online-options';
import type { Source, SourceHit } from '../source';
import { SourceError } from '../source-error';
import { arr, num, obj } from '../untyped';
import { paperFromCrossrefWork } from './map-work';

export const CROSSREF_BASE_URL = 'https://api.crossref.org';

export interface CrossrefOptions extends OnlineSourceOptions {
  /** Contact address: joins the polite pool. */
  mailto?: string;
}

export function createCrossrefSource(options: CrossrefOptions): Source {
  const polite = Boolean(options.mailto);
  const http = createHttpClient({
    source: 'crossref',
    baseUrl: options.baseUrl,
    rateLimit: options.rateLimit ?? (polite ? { limit: 10, interval: 1000, concurrency: 3 } : { limit: 5, interval: 1000, concurrency: 1 }),
    headers: { accept: 'application/json', 'user-agent': userAgent(options.mailto) },
  });

  async function works(query: Record<string, string | number | undefined>, signal: AbortSignal) {
    const { text } = await http.request({ path: '/works', query: { ...query, mailto: options.mailto }, signal });
    const message = obj(obj(parseJsonBody('crossref', text)).message);
    if (!Array.isArray(message.items)) throw new SourceError('crossref', 'malformed_response', 'Crossref answered without a list of items');
    const hits: SourceHit[] = arr(message.items).flatMap((item) => {
      const paper = paperFromCrossrefWork(item);
      return paper ? [{ paper, score: num(obj(item).score) }] : [];
    });
    return { hits, total: num(message['total-results']) };
  }

  return {
    id: 'crossref',
    name: 'Crossref',
    lookupKinds: ['doi'],
    search(q, signal) {
      const filter = [
        q.yearFrom !== undefined ? `from-pub-date:${q.yearFrom}` : null,
        q.yearTo !== undefined ? `until-pub-date:${q.yearTo}` : null,
        q.hasAbstract ? 'has-abstract:true' : null,
      ]
        .filter(Boolean)
        .join(',');
      return works(
        {
          query: q.query,
          rows: Math.min(q.limit, 1000),
          offset: q.offset || undefined,
          filter: filter || undefined,
          sort: q.sort === 'newest' ? 'published' : undefined,
          order: q.sort === 'newest' ? 'desc' : undefined,
        },
        signal,
      );
    },
    async lookup(id: Identifier, signal): Promise<Paper | null> {
      if (id.kind !== 'doi') return null;
      const { status, text } = await http.request({ path: `/works/${encodePath(id.value)}`, query: { mailto: options.mailto }, allow: [404], signal });
      if (status === 404) return null;
      const paper = paperFromCrossrefWork(obj(parseJsonBody('crossref', text)).message);
      if (!paper) throw new SourceError('crossref', 'malformed_response', 'Crossref answered a work without a title');
      return paper;
    },
    async findByTitle(q, signal) {
      const bibliographic = [q.title, ...(q.authors ?? []).slice(0, 3), q.year ?? ''].join(' ').trim();
      const { hits } = await works({ 'query.bibliographic': bibliographic, rows: q.limit ?? 5 }, signal);
      return hits.map((h) => h.paper);
    },
  };
}
