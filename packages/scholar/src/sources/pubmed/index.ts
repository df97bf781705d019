// PubMed through NCBI E-utilities: esearch for the ranked PMIDs, then efetch for the records (efetch carries
// abstracts, esummary does not). Budget: 3 requests/s without an API key, 10 with one (NCBI's policy);
// `tool` and `email` identify us as NCBI asks. DOIs are looked up in the Article Identifier field ([aid]).
import { createHttpClient, type QueryValue } from '../http/http-client';
import type { Identifier } from '../identifiers';
import { userAgent, type OnlineSourceOptions } from '../online-options';
import type { Source, SourceQuery } from '../source';
import { parseEfetch } from './parse-efetch';
import { parseEsearch } from './parse-esearch';

export const PUBMED_BASE_URL = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils';

export interface PubmedOptions extends OnlineSourceOptions {
  apiKey?: string;
  email?: string;
}

export function createPubmedSource(options: PubmedOptions): Source {
  const http = createHttpClient({
    source: 'pubmed',
    baseUrl: options.baseUrl,
    rateLimit: options.rateLimit ?? { limit: options.apiKey ? 10 : 3, interval: 1000 },
    headers: { accept: 'text/xml', 'user-agent': userAgent(options.email) },
  });
  const common = { db: 'pubmed', tool: 'citewise', email: options.email, api_key: options.apiKey };

  async function esearch(params: Record<string, QueryValue>, signal: AbortSignal) {
    const { text } = await http.request({ path: '/esearch.fcgi', query: { ...common, ...params, retmode: 'xml' }, signal });
    return parseEsearch(text);
  }

  async function efetch(pmids: string[], signal: AbortSignal) {
    if (!pmids.length) return [];
    const { text } = await http.request({ path: '/efetch.fcgi', query: { ...common, id: pmids.join(','), retmode: 'xml' }, signal });
    const byPmid = new Map(parseEfetch(text).map((p) => [p.pmid, p]));
    // Keep esearch's ranking; a PMID efetch did not return (withdrawn, not yet indexed) is left out.
    return pmids.flatMap((id) => byPmid.get(id) ?? []);
  }

  const dates = (q: SourceQuery) =>
    q.yearFrom !== undefined || q.yearTo !== undefined ? { datetype: 'pdat', mindate: q.yearFrom ?? 1800, maxdate: q.yearTo ?? 3000 } : {};

  return {
    id: 'pubmed',
    name: 'PubMed',
    lookupKinds: ['pmid', 'doi'],
    async search(q, signal) {
      const term = q.hasAbstract ? `(${q.query}) AND hasabstract` : q.query;
      const found = await esearch(
        { term, retstart: q.offset, retmax: Math.min(q.limit, 200), sort: q.sort === 'newest' ? 'pub_date' : 'relevance', ...dates(q) },
        signal,
      );
      const papers = await efetch(found.pmids, signal);
      return { hits: papers.map((paper) => ({ paper, score: null })), total: found.total };
    },
    async lookup(id: Identifier, signal) {
      if (id.kind === 'arxiv') return null;
      const pmids = id.kind === 'pmid' ? [id.value] : (await esearch({ term: `${id.value}[aid]`, retmax: 1 }, signal)).pmids;
      const [paper] = await efetch(pmids.slice(0, 1), signal);
      return paper ?? null;
    },
    async findByTitle(q, signal) {
      // Each word in the title field (a quoted phrase would miss on a changed hyphen or article).
      const words = q.title
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2)
        .slice(0, 12)
        .map((w) => `${w}[ti]`);
      const author = q.authors?.[0] ? [`${q.authors[0]}[au]`] : [];
      const found = await esearch({ term: [...words, ...author].join(' AND '), retmax: q.limit ?? 5 }, signal);
      return efetch(found.pmids, signal);
    },
  };
}
