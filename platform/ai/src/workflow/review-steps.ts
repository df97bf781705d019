// The literature review's steps: plan queries (model), search (scholar), screen (rules), synthesise (model).
import type { SourceRegistry } from '@citewise/scholar';
import type { ModelSettings } from '../config';
import { completeText, type ChatTurn } from '../llm/model-client';
import { retrieve, type Evidence } from '../research/retrieve';

export const MAX_QUERIES = 3;
const PER_QUERY = 8;
export const SCREENED = 8;

/** Up to three search queries for the topic, from the model; the topic itself always comes first. */
export async function planQueries(model: ModelSettings, topic: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<string[]> {
  const turns: ChatTurn[] = [
    { role: 'system', content: `Plan literature search queries for the topic. Answer with at most ${MAX_QUERIES} search queries, one per line, keywords only, no numbering.` },
    { role: 'user', content: topic },
  ];
  const text = await completeText(model, turns, { ...options, maxTokens: 200 });
  const planned = text.split('\n').map((line) => line.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').replace(/^["']|["']$/g, '').trim()).filter((line) => line.length > 1);
  return [...new Set([topic.slice(0, 300), ...planned])].slice(0, MAX_QUERIES);
}

export interface Found {
  evidence: Evidence;
  /** How many of the planned queries found the paper. */
  hits: number;
}

/** Every query's results, merged by paper. */
export async function searchAll(registry: SourceRegistry, queries: string[], signal: AbortSignal): Promise<Found[]> {
  const byId = new Map<string, Found>();
  for (const query of queries) {
    const { evidence } = await retrieve(registry, query, { limit: PER_QUERY, signal });
    for (const e of evidence) {
      const seen = byId.get(e.paper.id);
      if (seen) {
        seen.hits++;
        if (e.score > seen.evidence.score) seen.evidence = { ...e, passages: seen.evidence.passages };
      } else byId.set(e.paper.id, { evidence: e, hits: 1 });
    }
  }
  return [...byId.values()];
}

/** Keeps papers with an abstract, found by the most queries, best scored; numbers them for citation. */
export function screen(found: Found[]): { kept: Evidence[]; excluded: Array<{ paper_id: string; reason: string }> } {
  const excluded = found.filter((f) => !f.evidence.paper.abstract).map((f) => ({ paper_id: f.evidence.paper.id, reason: 'no_abstract' }));
  const ranked = found.filter((f) => f.evidence.paper.abstract).sort((a, b) => b.hits - a.hits || b.evidence.score - a.evidence.score);
  for (const f of ranked.slice(SCREENED)) excluded.push({ paper_id: f.evidence.paper.id, reason: 'lower_relevance' });
  return { kept: ranked.slice(0, SCREENED).map((f, i) => ({ ...f.evidence, position: i + 1 })), excluded };
}
