// The SciFact retrieval benchmark (train split, BEIR layout) shipped in data/benchmarks/scifact, and the two
// measures the ranking is held to: nDCG@10 and recall@100, as BEIR reports them. Node-only (reads files beside
// the package), hence its own entry point `@citewise/scholar/evaluation` rather than the package's index.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Database } from '@citewise/db';
import type { Paper } from '../paper';
import { searchLocal } from '../local/search';
import { refreshStatistics, upsertPapers } from '../local/store';

export const SCIFACT_DIR = path.resolve(import.meta.dirname, '../../data/benchmarks/scifact');

export interface Benchmark {
  documents: Paper[];
  queries: Array<{ id: string; text: string }>;
  /** Query id → ids of the papers judged relevant. */
  relevant: Map<string, Set<string>>;
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);

export function loadSciFact(dir = SCIFACT_DIR): Benchmark {
  const read = (name: string) => {
    const gz = path.join(dir, `${name}.gz`);
    return fs.existsSync(gz) ? gunzipSync(fs.readFileSync(gz)).toString('utf8') : fs.readFileSync(path.join(dir, name), 'utf8');
  };
  const documents = jsonLines(read('corpus.jsonl')).map((d): Paper => ({
    id: d._id!,
    title: d.title ?? '',
    abstract: d.text || null,
    authors: [],
    issued: null,
    container: null,
    doi: null,
    arxivId: null,
    pmid: null,
    url: null,
    language: 'en',
    type: 'article-journal',
    fields: [],
    keywords: [],
    source: 'scifact',
  }));
  const relevant = new Map<string, Set<string>>();
  for (const line of read('qrels-train.tsv').split('\n').slice(1).filter(Boolean)) {
    const [query, doc, score] = line.split('\t');
    if (Number(score) <= 0) continue;
    if (!relevant.has(query!)) relevant.set(query!, new Set());
    relevant.get(query!)!.add(doc!);
  }
  const queries = jsonLines(read('queries-train.jsonl'))
    .filter((q) => relevant.has(q._id!))
    .map((q) => ({ id: q._id!, text: q.text! }));
  return { documents, queries, relevant };
}

export async function indexBenchmark(db: Pick<Database, 'execute' | 'transaction'>, benchmark: Benchmark) {
  for (let i = 0; i < benchmark.documents.length; i += 500) await upsertPapers(db, benchmark.documents.slice(i, i + 500));
  await refreshStatistics(db);
}

export interface RetrievalScores {
  ndcgAt10: number;
  recallAt100: number;
  /** Milliseconds per query, sorted. */
  latencies: number[];
}

/** Runs every query of the benchmark through the local search and averages the measures over queries. */
export async function evaluateRetrieval(db: Pick<Database, 'execute'>, benchmark: Benchmark): Promise<RetrievalScores> {
  let ndcg = 0;
  let recall = 0;
  const latencies: number[] = [];
  for (const query of benchmark.queries) {
    const started = performance.now();
    const { hits } = await searchLocal(db, { query: query.text, limit: 100 });
    latencies.push(performance.now() - started);
    const relevant = benchmark.relevant.get(query.id)!;
    const gain = (i: number) => 1 / Math.log2(i + 2);
    const dcg = hits.slice(0, 10).reduce((sum, hit, i) => sum + (relevant.has(hit.id) ? gain(i) : 0), 0);
    const ideal = Array.from({ length: Math.min(10, relevant.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
    ndcg += dcg / ideal;
    recall += hits.filter((hit) => relevant.has(hit.id)).length / relevant.size;
  }
  const n = benchmark.queries.length;
  return { ndcgAt10: ndcg / n, recallAt100: recall / n, latencies: latencies.sort((a, b) => a - b) };
}
