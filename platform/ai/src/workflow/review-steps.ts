// The literature review's steps: plan queries (model), search (scholar), screen (rules), synthesise (model).
import type { SourceRegistry } from '@citewise/scholar';
import type { ModelSettings } from '../config';
import { completeText, type ChatTurn } from '../llm/model-client';
import { retrieve, type Evidence } from '../research/retrieve';
import type { QuerySearch } from '../research/search-log';

export const MAX_QUERIES = 3;
const PER_QUERY = 8;
export const SCREENED = 8;

/** The planner's instructions (part of the prompt version a search log names). */
export const PLANNER_PROMPT = `Plan literature search queries for the topic. Answer with at most ${MAX_QUERIES} search queries, one per line, keywords only, no numbering.`;

/** Up to three search queries for the topic, from the model; the topic itself always comes first. */
export async function planQueries(model: ModelSettings, topic: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<string[]> {
  const turns: ChatTurn[] = [
    { role: 'system', content: PLANNER_PROMPT },
    { role: 'user', content: topic },
  ];
  const text = await completeText(model, turns, { ...options, maxTokens: 200 });
  const planned = text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(\d+[.)]|[-*•])\s*/, '')
        .replace(/^["']|["']$/g, '')
        .trim(),
    )
    .filter((line) => line.length > 1);
  return [...new Set([topic.slice(0, 300), ...planned])].slice(0, MAX_QUERIES);
}

export interface Found {
  evidence: Evidence;
  /** How many of the planned queries found the paper. */
  hits: number;
}

/** Every query's results, merged by paper, and each search as sent and answered (for the search log). */
export async function searchAll(registry: SourceRegistry, queries: string[], signal: AbortSignal): Promise<{ found: Found[]; searches: QuerySearch[] }> {
  const byId = new Map<string, Found>();
  const searches: QuerySearch[] = [];
  for (const query of queries) {
    const { evidence, search } = await retrieve(registry, query, { limit: PER_QUERY, signal });
    if (search) searches.push(search);
    for (const e of evidence) {
      const seen = byId.get(e.paper.id);
      if (seen) {
        seen.hits++;
        if (e.score > seen.evidence.score) seen.evidence = { ...e, passages: seen.evidence.passages };
      } else byId.set(e.paper.id, { evidence: e, hits: 1 });
    }
  }
  return { found: [...byId.values()], searches };
}

/** Why a paper was kept or left out, as the screening step reports it (the page words each reason). */
/** `in_collection`: a review over a collection keeps every paper of it. */
export type ScreenReason = 'relevant' | 'no_abstract' | 'lower_relevance' | 'in_collection';

export interface ScreenedPaper {
  paper_id: string;
  title: string;
  year: number | null;
  /** Of how many planned queries found it, and its best fused score. */
  hits: number;
  score: number;
  reason: ScreenReason;
  /** Its place among the kept papers (kept papers only); the review numbers its references by first citation. */
  rank?: number;
}

export interface Screening {
  kept: Evidence[];
  /** The step's outputs: every paper found, kept or dropped, with the reason. */
  report: { queries: number; found: number; limit: number; kept: ScreenedPaper[]; excluded: ScreenedPaper[] };
}

const screened = (f: Found, reason: ScreenReason, rank?: number): ScreenedPaper => ({
  paper_id: f.evidence.paper.id,
  title: f.evidence.paper.title,
  year: f.evidence.paper.issued?.year ?? null,
  hits: f.hits,
  score: f.evidence.score,
  reason,
  ...(rank ? { rank } : {}),
});

/**
 * Keeps the papers with an abstract (the review is written from abstracts), found by the most queries, best
 * scored; numbers them for citation. Everything else is reported with its reason.
 */
export function screen(found: Found[], queries: number): Screening {
  const withAbstract = found.filter((f) => f.evidence.paper.abstract);
  const ranked = withAbstract.sort((a, b) => b.hits - a.hits || b.evidence.score - a.evidence.score);
  const chosen = ranked.slice(0, SCREENED);
  const excluded = [
    ...found.filter((f) => !f.evidence.paper.abstract).map((f) => screened(f, 'no_abstract')),
    ...ranked.slice(SCREENED).map((f) => screened(f, 'lower_relevance')),
  ];
  return {
    kept: chosen.map((f, i) => ({ ...f.evidence, position: i + 1 })),
    report: { queries, found: found.length, limit: SCREENED, kept: chosen.map((f, i) => screened(f, 'relevant', i + 1)), excluded },
  };
}
