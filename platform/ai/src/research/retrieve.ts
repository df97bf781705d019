// The research assistant's retrieval tool: a federated literature search (local corpus plus the switched-on
// online sources), then the passages of each paper that best match the question.
import { authorName, searchFederated, searchRecord, type Paper, type SourceRegistry, type SourceStatus } from '@citewise/scholar';
import type { QuerySearch } from './search-log';

export interface Evidence {
  /** 1-based; the marker `[position]` cites it. */
  position: number;
  paper: Paper;
  sources: string[];
  score: number;
  /** The best sentences of the abstract (the title when there is none), in reading order. */
  passages: Array<{ index: number; text: string }>;
  /** Set when the paper came from the user's library: the entry's id. */
  libraryEntryId?: string;
}

/** What one searched source answered: a literature source, or the user's library. */
export type RetrievalSource =
  | SourceStatus
  | { source: 'library'; state: 'ok'; returned: number; total: number; tookMs: number }
  | { source: 'library'; state: 'error'; message: string; tookMs: number };

export interface Retrieval {
  evidence: Evidence[];
  sources: RetrievalSource[];
  /** The search as sent and answered, for the search log; absent for the library. */
  search?: QuerySearch;
}

const SENTENCE = /[^.!?。！？]+[.!?。！？]?/g;

/** Latin words of three letters or more, and CJK character pairs, lower-cased. */
export function terms(text: string): Set<string> {
  const lower = text.toLowerCase();
  const words = lower.match(/[a-z0-9]{3,}/g) ?? [];
  const han = lower.match(/\p{Script=Han}+/gu) ?? [];
  const pairs = han.flatMap((run) => (run.length === 1 ? [run] : Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2))));
  return new Set([...words, ...pairs]);
}

function overlap(query: Set<string>, text: string): number {
  let hits = 0;
  for (const term of terms(text)) if (query.has(term)) hits++;
  return hits;
}

export function bestPassages(paper: Paper, query: string, count = 2): Evidence['passages'] {
  const sentences =
    (paper.abstract ?? '')
      .match(SENTENCE)
      ?.map((s) => s.trim())
      .filter((s) => s.length > 20) ?? [];
  if (sentences.length === 0) return [{ index: 0, text: paper.title }];
  const wanted = terms(query);
  return (
    sentences
      .map((text, index) => ({ index, text, hits: overlap(wanted, text) }))
      // The opening sentence states what a paper is about: it wins ties.
      .sort((a, b) => b.hits - a.hits || a.index - b.index)
      .slice(0, count)
      .sort((a, b) => a.index - b.index)
      .map(({ index, text }) => ({ index, text }))
  );
}

export async function retrieve(registry: SourceRegistry, query: string, options: { limit: number; signal?: AbortSignal }): Promise<Retrieval> {
  // A Chinese question also searches the English literature, translated as literature search translates it: by the
  // registry's translator (the deployment's model, with search's cache) or the glossary and dictionary.
  // An English question is searched as written, since its Chinese translations only cost the English papers places
  // among the few cited.
  const translate = /\p{Script=Han}/u.test(query) ? 'auto' : 'off';
  const startedAt = Date.now();
  const sent = query.slice(0, 1000);
  const result = await searchFederated(registry, { query: sent, limit: options.limit, translate }, { signal: options.signal });
  return {
    search: searchRecord(sent, { limit: options.limit, translate, sort: 'relevance' }, result, Date.now() - startedAt),
    sources: result.sources,
    evidence: result.results.map((hit, i) => ({
      position: i + 1,
      paper: hit.paper,
      sources: hit.sources,
      score: Math.round(hit.score * 10_000) / 10_000,
      passages: bestPassages(hit.paper, query),
    })),
  };
}

/** The sources block of a prompt: one numbered entry per paper. */
export function sourcesPrompt(evidence: Evidence[]): string {
  if (evidence.length === 0) return 'Sources: none were found.';
  const lines = evidence.map((e) => {
    const authors = e.paper.authors.slice(0, 3).map(authorName).join(', ');
    const meta = [authors, e.paper.issued?.year, e.paper.container].filter(Boolean).join('; ');
    return `[${e.position}] ${e.paper.title}${meta ? ` (${meta})` : ''}\n${e.passages.map((p) => p.text).join(' ')}`;
  });
  return `Sources:\n${lines.join('\n\n')}`;
}
