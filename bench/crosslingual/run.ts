// Cross-lingual retrieval on paired queries: 100 SciFact train claims (claims.jsonl) asked in English and in Chinese
// over SciFact's English abstracts. Prints nDCG@10 and recall@100 of the English claims, of the Chinese claims as
// searched before (no translation) and with offline dictionary translation, each with its ratio to the English
// figure, plus the time translation takes; then the same through a model (the local OpenAI-protocol test server,
// answering from a fixed table: each claim's twin in the other language), alone and fused with the dictionary.
// Usage: npm run bench:crosslingual — PGlite in memory, or with DATABASE_URL a database
// `citewise_bench_crosslingual` made on that server.
import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '@citewise/db';
import { createLlmTranslator, loadDictionary, migrations, searchLocal, translateWithDictionary, type QueryTranslation } from '@citewise/scholar';
import { startOpenAiTestServer } from '@citewise/platform-ai/test-server';
import { indexBenchmark, loadSciFact } from '@citewise/scholar/evaluation';
import { openBenchDatabase } from '../lib/database';

interface Claim {
  _id: string;
  en: string;
  zh: string;
}

const claims = fs.readFileSync(path.join(import.meta.dirname, 'claims.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Claim);
const benchmark = loadSciFact();
const handle = await openBenchDatabase('citewise_bench_crosslingual');
await migrate(handle, [migrations]);
await indexBenchmark(handle.db, benchmark);

// Heap measured after a full collection when node runs with --expose-gc (the npm script does).
const collect = () => (globalThis as { gc?: () => void }).gc?.();
collect();
const heapBefore = process.memoryUsage().heapUsed;
const loadStarted = performance.now();
loadDictionary();
const loadMs = performance.now() - loadStarted;
collect();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

const gain = (i: number) => 1 / Math.log2(i + 2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(text: (c: Claim) => string, translate: (query: string) => QueryTranslation | null | Promise<QueryTranslation | null>) {
  let ndcg = 0;
  let recall = 0;
  const translating: number[] = [];
  const searching: number[] = [];
  const perQuery: number[] = [];
  for (const claim of claims) {
    const query = text(claim);
    const started = performance.now();
    const translation = await translate(query);
    const translated = performance.now();
    const { hits } = await searchLocal(handle.db, { query, limit: 100, translation });
    translating.push(translated - started);
    searching.push(performance.now() - started);
    const relevant = benchmark.relevant.get(claim._id)!;
    const dcg = hits.slice(0, 10).reduce((sum, hit, i) => sum + (relevant.has(hit.id) ? gain(i) : 0), 0);
    const ideal = Array.from({ length: Math.min(10, relevant.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
    ndcg += dcg / ideal;
    perQuery.push(dcg / ideal);
    recall += hits.filter((hit) => relevant.has(hit.id)).length / relevant.size;
  }
  return { ndcg: ndcg / claims.length, recall: recall / claims.length, translateMs: median(translating), searchMs: median(searching), perQuery };
}

// The model path: a table of the claims' twins stands in for a model, so this measures what the search makes of a
// good whole-query translation (an upper bound for a real model), and what a model call over HTTP costs.
const table = Object.fromEntries(claims.flatMap((c) => [[c.zh, c.en], [c.en, c.zh]]));
const server = await startOpenAiTestServer({ translations: table });
const model = (fuse: boolean) => createLlmTranslator({ baseUrl: server.url, apiKey: 'bench', model: 'table', timeoutMs: 5000, fuse });
const alone = model(false);
const fused = model(true);

const rows = [
  { name: 'English claims', result: await run((c) => c.en, () => null) },
  { name: 'English, translated to Chinese too', result: await run((c) => c.en, (q) => translateWithDictionary(q)) },
  { name: 'Chinese claims, no translation', result: await run((c) => c.zh, () => null) },
  { name: 'Chinese, dictionary translation', result: await run((c) => c.zh, (q) => translateWithDictionary(q)) },
  { name: 'Chinese, model translation', result: await run((c) => c.zh, (q) => alone(q)) },
  { name: 'Chinese, model translation, cached', result: await run((c) => c.zh, (q) => alone(q)) },
  { name: 'Chinese, model + dictionary (fused)', result: await run((c) => c.zh, (q) => fused(q)) },
  { name: 'English, model translation to Chinese', result: await run((c) => c.en, (q) => alone(q)) },
];
await server.close();
const english = rows[0]!.result.ndcg;
console.log(`\n${claims.length} paired claims over ${benchmark.documents.length} SciFact abstracts, ${handle.kind}`);
console.log(`dictionary: CC-CEDICT loaded in ${loadMs.toFixed(0)} ms, ${heapMb.toFixed(0)} MB of heap\n`);
console.log('queries'.padEnd(40), 'nDCG@10'.padStart(8), 'ratio'.padStart(6), 'R@100'.padStart(6), 'translate p50'.padStart(14), 'search p50'.padStart(11));
for (const { name, result } of rows) {
  console.log(name.padEnd(40), result.ndcg.toFixed(3).padStart(8), (result.ndcg / english).toFixed(2).padStart(6), result.recall.toFixed(3).padStart(6),
    `${result.translateMs.toFixed(2)} ms`.padStart(14), `${result.searchMs.toFixed(1)} ms`.padStart(11));
}
if (process.env.BENCH_VERBOSE) {
  const zh = rows[3]!.result.perQuery;
  const en = rows[0]!.result.perQuery;
  claims.forEach((c, i) => console.log(c._id.padStart(4), en[i]!.toFixed(2), zh[i]!.toFixed(2), c.zh, JSON.stringify(translateWithDictionary(c.zh).terms.map((t) => [t.source, t.translations]))));
}
await handle.close();
