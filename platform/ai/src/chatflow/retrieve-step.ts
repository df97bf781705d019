// The chatflow's retrieval step: every planned query searched, the results merged by paper and the best kept as
// the answer's numbered sources. Besides the evidence it returns what the step did, as data the UI translates:
// each query's hits per source, and each paper found with why it was kept or left out, so a reader can see how an
// off-topic paper became a source (found by one weak query, sharing one word with the question).
import type { SourceRegistry } from '@citewise/scholar';
import { retrieve, terms, type Evidence, type RetrievalSource } from '../research/retrieve';
import type { QuerySearch } from '../research/search-log';

const PER_QUERY = 6;
export const EVIDENCE_LIMIT = 6;
const MATCHED_TERMS = 8;

/** One source's answer to one query (`returned`/`total` null unless it answered). */
export interface QuerySourceDetail {
  source: string;
  state: string;
  returned: number | null;
  total: number | null;
}

/** One paper the step found: kept (with its citation number) or left out, and what it was found by. */
export interface FoundPaper {
  paper_id: string;
  title: string;
  /** Set for a kept paper: the `[n]` the answer cites it by. */
  position: number | null;
  /** Indexes into the step's queries of the queries that found it. */
  queries: number[];
  /** The fused relevance score of its best hit. */
  score: number;
  sources: string[];
  /** Words it shares with the queries that found it: what made it match. */
  matched: string[];
  /** `top_ranked`: among the best by queries found and score; `lower_rank`: found, but not among them. */
  reason: 'top_ranked' | 'lower_rank';
}

export interface RetrieveDetail {
  queries: Array<{ query: string; hits: number; sources: QuerySourceDetail[] }>;
  /** Kept papers first (in citation order), then the ones left out. */
  papers: FoundPaper[];
  /** How many papers the step keeps at most. */
  limit: number;
}

export interface RetrieveAllResult {
  evidence: Evidence[];
  sources: RetrievalSource[];
  /** Each query's search as sent and answered, for the search log. */
  searches: QuerySearch[];
  detail: RetrieveDetail;
}

function sourceDetail(status: RetrievalSource): QuerySourceDetail {
  const answered = status.state === 'ok';
  return { source: status.source, state: status.state, returned: answered ? status.returned : null, total: answered ? status.total : null };
}

/** The words of `query` found in the paper's title or abstract, in the query's order. */
function matchedTerms(evidence: Evidence, queries: string[]): string[] {
  const text = terms(`${evidence.paper.title} ${evidence.paper.abstract ?? ''}`);
  const matched = new Set<string>();
  for (const query of queries) for (const term of terms(query)) if (text.has(term)) matched.add(term);
  return [...matched].slice(0, MATCHED_TERMS);
}

/** Each planned query's results, merged by paper: found by more queries first, then by score; numbered for citation. */
export async function retrieveAll(registry: SourceRegistry, queries: string[], signal: AbortSignal): Promise<RetrieveAllResult> {
  const byId = new Map<string, { evidence: Evidence; queries: number[] }>();
  const sources: RetrievalSource[] = [];
  const searches: QuerySearch[] = [];
  const perQuery: RetrieveDetail['queries'] = [];
  for (const [index, query] of queries.entries()) {
    const result = await retrieve(registry, query, { limit: PER_QUERY, signal });
    sources.push(...result.sources);
    if (result.search) searches.push(result.search);
    perQuery.push({ query, hits: result.evidence.length, sources: result.sources.map(sourceDetail) });
    for (const e of result.evidence) {
      const seen = byId.get(e.paper.id);
      if (seen) seen.queries.push(index);
      else byId.set(e.paper.id, { evidence: e, queries: [index] });
    }
  }
  const ranked = [...byId.values()].sort((a, b) => b.queries.length - a.queries.length || b.evidence.score - a.evidence.score);
  const evidence = ranked.slice(0, EVIDENCE_LIMIT).map((f, i) => ({ ...f.evidence, position: i + 1 }));
  const papers = ranked.map((f, i): FoundPaper => ({
    paper_id: f.evidence.paper.id,
    title: f.evidence.paper.title,
    position: i < EVIDENCE_LIMIT ? i + 1 : null,
    queries: f.queries,
    score: f.evidence.score,
    sources: f.evidence.sources,
    matched: matchedTerms(
      f.evidence,
      f.queries.map((q) => queries[q]!),
    ),
    reason: i < EVIDENCE_LIMIT ? 'top_ranked' : 'lower_rank',
  }));
  return { evidence, sources, searches, detail: { queries: perQuery, papers, limit: EVIDENCE_LIMIT } };
}
