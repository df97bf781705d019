// Retrieval quality of the local search on the SciFact train split (BEIR layout): nDCG@10 and recall@100,
// printed next to the published BM25 reference. Usage: npm run bench:retrieval [-- --data DIR]
// DIR holds corpus.jsonl, queries-train.jsonl and qrels-train.tsv (default: the shared benchmark folder).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '@citewise/db';
import { migrations, refreshStatistics, searchLocal, upsertPapers, type Paper } from '@citewise/scholar';

const { values } = parseArgs({ options: { data: { type: 'string', default: path.resolve(import.meta.dirname, '../../../shared/data/benchmarks/scifact') } } });
const dir = values.data!;
if (!fs.existsSync(path.join(dir, 'corpus.jsonl'))) {
  console.error(`SciFact not found in ${dir}; pass --data DIR (corpus.jsonl, queries-train.jsonl, qrels-train.tsv).`);
  process.exit(2);
}

const readJsonLines = (file: string) =>
  fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, string>);

const handle = await openDatabase({ url: process.env.DATABASE_URL });
await migrate(handle, [migrations]);

const started = performance.now();
const docs: Paper[] = readJsonLines('corpus.jsonl').map((d) => ({
  id: d._id!, title: d.title ?? '', abstract: d.text ?? null, authors: [], issued: null, container: null, doi: null,
  arxivId: null, pmid: null, url: null, language: 'en', type: 'article-journal', fields: [], keywords: [], source: 'scifact',
}));
for (let i = 0; i < docs.length; i += 500) await upsertPapers(handle.db, docs.slice(i, i + 500));
await refreshStatistics(handle.db);
const importSeconds = (performance.now() - started) / 1000;

const qrels = new Map<string, Map<string, number>>();
for (const line of fs.readFileSync(path.join(dir, 'qrels-train.tsv'), 'utf8').split('\n').slice(1).filter(Boolean)) {
  const [query, doc, score] = line.split('\t');
  if (!qrels.has(query!)) qrels.set(query!, new Map());
  qrels.get(query!)!.set(doc!, Number(score));
}
const queries = readJsonLines('queries-train.jsonl').filter((q) => qrels.has(q._id!));

let ndcg = 0;
let recall = 0;
const latencies: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  const { hits } = await searchLocal(handle.db, { query: q.text!, limit: 100 });
  latencies.push(performance.now() - t0);
  const relevant = qrels.get(q._id!)!;
  const ids = hits.map((h) => h.id);
  const dcg = ids.slice(0, 10).reduce((sum, id, i) => sum + ((relevant.get(id) ?? 0) > 0 ? 1 / Math.log2(i + 2) : 0), 0);
  const ideal = [...relevant.values()].filter((s) => s > 0).slice(0, 10).reduce((sum, _s, i) => sum + 1 / Math.log2(i + 2), 0);
  ndcg += ideal ? dcg / ideal : 0;
  recall += ids.filter((id) => (relevant.get(id) ?? 0) > 0).length / [...relevant.values()].filter((s) => s > 0).length;
}
latencies.sort((a, b) => a - b);
const n = queries.length;
console.log(`\nSciFact train split: ${docs.length} abstracts imported in ${importSeconds.toFixed(1)} s, ${n} queries, ${handle.kind}\n`);
console.log('metric'.padEnd(14), 'Citewise'.padStart(10), 'BM25 ref.'.padStart(10));
console.log('nDCG@10'.padEnd(14), (ndcg / n).toFixed(3).padStart(10), '0.665'.padStart(10));
console.log('recall@100'.padEnd(14), (recall / n).toFixed(3).padStart(10), '0.908'.padStart(10));
console.log(`\nquery latency p50 ${latencies[Math.floor(n / 2)]!.toFixed(1)} ms, p95 ${latencies[Math.floor(n * 0.95)]!.toFixed(1)} ms`);
console.log('(the reference is BEIR\'s Elasticsearch BM25 on the test split; this run uses the train split)');
await handle.close();
