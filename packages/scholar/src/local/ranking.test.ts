// Ranking regression check: on SciFact's train split (shipped in data/benchmarks) the local search must stay at or
// above the published BM25 reference on both measures. `npm run bench:retrieval` prints the same figures.
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { evaluateRetrieval, indexBenchmark, loadSciFact } from '../evaluation/scifact';

let handle: DatabaseHandle;
const benchmark = loadSciFact();

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  await indexBenchmark(handle.db, benchmark);
}, 300_000);
afterAll(() => handle.close());

it('stays at or above BM25 quality on the SciFact train split', async () => {
  expect(benchmark.queries).toHaveLength(809);
  const scores = await evaluateRetrieval(handle.db, benchmark);
  // BEIR's BM25 reference: nDCG@10 0.665, recall@100 0.908. Measured when the ranking was tuned: 0.696 and 0.925.
  expect(scores.ndcgAt10).toBeGreaterThanOrEqual(0.665);
  expect(scores.recallAt100).toBeGreaterThanOrEqual(0.908);
}, 300_000);
