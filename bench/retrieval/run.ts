// Retrieval quality of the local search on the SciFact train split (BEIR layout): nDCG@10 and recall@100, printed
// next to the published BM25 reference. Usage: npm run bench:retrieval [-- --data DIR]
// DIR holds corpus.jsonl[.gz], queries-train.jsonl and qrels-train.tsv (default: the copy in packages/scholar/data).
// Runs on PGlite in memory, or with DATABASE_URL in a database `citewise_bench_retrieval` made on that server.
import { parseArgs } from 'node:util';
import { migrate } from '@citewise/db';
import { openBenchDatabase } from '../lib/database';
import { migrations } from '@citewise/scholar';
import { SCIFACT_DIR, evaluateRetrieval, indexBenchmark, loadSciFact } from '@citewise/scholar/evaluation';

const { values } = parseArgs({ options: { data: { type: 'string', default: SCIFACT_DIR } } });
const benchmark = loadSciFact(values.data);
const handle = await openBenchDatabase('citewise_bench_retrieval');
await migrate(handle, [migrations]);

const started = performance.now();
await indexBenchmark(handle.db, benchmark);
const importSeconds = (performance.now() - started) / 1000;
const { ndcgAt10, recallAt100, latencies } = await evaluateRetrieval(handle.db, benchmark);

const n = latencies.length;
console.log(`\nSciFact train split: ${benchmark.documents.length} abstracts imported in ${importSeconds.toFixed(1)} s, ${n} queries, ${handle.kind}\n`);
console.log('metric'.padEnd(14), 'Citewise'.padStart(10), 'BM25 ref.'.padStart(10));
console.log('nDCG@10'.padEnd(14), ndcgAt10.toFixed(3).padStart(10), '0.665'.padStart(10));
console.log('recall@100'.padEnd(14), recallAt100.toFixed(3).padStart(10), '0.908'.padStart(10));
console.log(`\nquery latency p50 ${latencies[Math.floor(n / 2)]!.toFixed(1)} ms, p95 ${latencies[Math.floor(n * 0.95)]!.toFixed(1)} ms`);
console.log("(the reference is BEIR's Elasticsearch BM25 on the test split; this run uses the train split)");
await handle.close();
