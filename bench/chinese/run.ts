// Chinese retrieval on the bundled corpus's 2,000 Chinese papers: nDCG@10 and recall@100 over the judged queries of
// queries.jsonl, and how many papers the absurd queries (no judged paper; they must find nothing) return, for each
// analysis: ICU's segmenter as searched before (any word matches, single characters included), ICU with the
// Chinese query rules (local/chinese-query.ts), and @node-rs/jieba with the same rules, with its own dictionary and
// with a scientific-term dictionary added (the keywords of the corpus's Chinese papers), also in its search mode
// (long words also as their shorter dictionary words).
// Usage: npm run bench:chinese — PGlite in memory, or with DATABASE_URL databases made on that server.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import { migrate } from '@citewise/db';
import {
  migrations,
  paperFromCorpusRecord,
  refreshStatistics,
  searchLocal,
  upsertPapers,
  useWordSegmenter,
  type Paper,
  type WordSegmenter,
} from '@citewise/scholar';
import { openBenchDatabase } from '../lib/database';

interface JudgedQuery {
  id: string;
  text: string;
  relevant: string[];
}

const corpusFile = path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz');
const records = gunzipSync(fs.readFileSync(corpusFile))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { language?: string });
const papers: Paper[] = records.filter((r) => r.language === 'zh').map(paperFromCorpusRecord);
const queries = fs
  .readFileSync(path.join(import.meta.dirname, 'queries.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as JudgedQuery);
const judged = queries.filter((q) => q.relevant.length > 0);
const absurd = queries.filter((q) => q.relevant.length === 0);

const plain = Jieba.withDict(dict);
const scientific = Jieba.withDict(dict);
const terms = [...new Set(papers.flatMap((p) => p.keywords).filter((k) => /^\p{Script=Han}{2,12}$/u.test(k)))];
scientific.loadDict(Buffer.from(terms.map((t) => `${t} 1000`).join('\n')));

const variants0: Array<{ name: string; segmenter: WordSegmenter | null; chineseRules: boolean }> = [
  { name: 'ICU, any word (before)', segmenter: null, chineseRules: false },
  { name: 'ICU + query rules', segmenter: null, chineseRules: true },
  { name: 'jieba + query rules', segmenter: (text) => plain.cut(text, true), chineseRules: true },
  { name: `jieba + ${terms.length} terms + rules`, segmenter: (text) => scientific.cut(text, true), chineseRules: true },
  { name: `jieba search mode + terms + rules`, segmenter: (text) => scientific.cutForSearch(text, true), chineseRules: true },
];

const variants = process.env.BENCH_VARIANTS ? variants0.filter((_, i) => process.env.BENCH_VARIANTS!.split(',').includes(String(i))) : variants0;
console.log(`\n${papers.length} Chinese papers, ${judged.length} judged queries, ${absurd.length} absurd queries\n`);
console.log(
  'analysis'.padEnd(34),
  'nDCG@10'.padStart(8),
  'R@100'.padStart(7),
  'hits'.padStart(6),
  'precision'.padStart(10),
  'no hit'.padStart(7),
  'absurd hits'.padStart(14),
  'ms/query'.padStart(9),
);
const indexed = new Map<WordSegmenter | null, Awaited<ReturnType<typeof openBenchDatabase>>>();
for (const variant of variants) {
  useWordSegmenter(variant.segmenter);
  let handle = indexed.get(variant.segmenter);
  if (!handle) {
    handle = await openBenchDatabase(`citewise_bench_chinese_${indexed.size}`);
    await migrate(handle, [migrations]);
    for (let i = 0; i < papers.length; i += 500) await upsertPapers(handle.db, papers.slice(i, i + 500));
    await refreshStatistics(handle.db);
    indexed.set(variant.segmenter, handle);
  }
  let ndcg = 0;
  let recall = 0;
  let empty = 0;
  let elapsed = 0;
  let returned = 0;
  let found = 0;
  for (const query of judged) {
    const started = performance.now();
    const { hits } = await searchLocal(handle.db, { query: query.text, limit: 100, chineseRules: variant.chineseRules });
    elapsed += performance.now() - started;
    const relevant = new Set(query.relevant);
    const gain = (i: number) => 1 / Math.log2(i + 2);
    const dcg = hits.slice(0, 10).reduce((sum, hit, i) => sum + (relevant.has(hit.id) ? gain(i) : 0), 0);
    const ideal = Array.from({ length: Math.min(10, relevant.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
    ndcg += dcg / ideal;
    recall += hits.filter((hit) => relevant.has(hit.id)).length / relevant.size;
    if (hits.length === 0) empty++;
    returned += hits.length;
    found += hits.filter((hit) => relevant.has(hit.id)).length;
    if (process.env.BENCH_VERBOSE) console.log(`  ${query.id} ${query.text} ${(dcg / ideal).toFixed(2)} ${hits.length}`);
  }
  const absurdTotals: number[] = [];
  for (const query of absurd) absurdTotals.push((await searchLocal(handle.db, { query: query.text, chineseRules: variant.chineseRules })).total);
  const n = judged.length;
  console.log(
    variant.name.padEnd(34),
    (ndcg / n).toFixed(3).padStart(8),
    (recall / n).toFixed(3).padStart(7),
    (returned / n).toFixed(1).padStart(6),
    (returned ? found / returned : 0).toFixed(3).padStart(10),
    String(empty).padStart(7),
    absurdTotals.join('/').padStart(14),
    (elapsed / n).toFixed(1).padStart(9),
  );
}
useWordSegmenter(null);
for (const handle of indexed.values()) await handle.close();
console.log(
  `\nabsurd hits: papers found for ${absurd.map((q) => q.text).join(', ')} (each should be 0);\nhits: papers returned per judged query (at most 100); precision: share of them judged relevant; no hit: judged queries that found nothing`,
);
