// Cross-lingual retrieval on two judged query sets, each a Chinese query beside its English twin over a corpus of its
// own (sets.ts): 100 translated SciFact claims over SciFact's abstracts, and 40 Chinese queries over the bundled
// corpus. For each set: nDCG@10 of the English twins, of the Chinese queries untranslated, translated offline before
// (CC-CEDICT alone) and after (the scientific glossary over CC-CEDICT), and through a model (the local
// OpenAI-protocol test server answering from a fixed table: each query's twin in the other language), with the ratio
// to the English figure; then the issue's examples (how much of each top 10 is on topic) and queries of unrelated
// words, which must find nothing, with and without a model.
// Usage: npm run bench:crosslingual — PGlite in memory, or with DATABASE_URL databases made on that server
// (BENCH_REUSE=1 keeps the imported bundled corpus between runs); BENCH_VERBOSE=1 adds every query.
import { createLlmTranslator, loadDictionary, loadGlossary, translateWithDictionary } from '@citewise/scholar';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { found, measure, type Measured, type Translate } from './measure';
import { claimsSet, corpusSet, type JudgedQuery, type QuerySet } from './sets';

const sets = [corpusSet(), claimsSet()];

// Heap measured after a full collection when node runs with --expose-gc (the npm script does).
const collect = () => (globalThis as { gc?: () => void }).gc?.();
collect();
const heapBefore = process.memoryUsage().heapUsed;
const loadStarted = performance.now();
loadDictionary();
const glossary = loadGlossary();
const loadMs = performance.now() - loadStarted;
collect();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

const none: Translate = () => null;
const before: Translate = (q) => translateWithDictionary(q, { glossary: null });
const after: Translate = (q) => translateWithDictionary(q);

// The model path: a table of every query's twin stands in for a model, so this measures what the search makes of a
// good whole-query translation (an upper bound for a real model), and what a model call over HTTP costs.
const table = Object.fromEntries(
  sets
    .flatMap((s) => [...s.queries, ...s.absurd])
    .flatMap((q) => [
      [q.zh, q.en],
      [q.en, q.zh],
    ]),
);
let server: OpenAiTestServer | null = null;
try {
  server = await startOpenAiTestServer({ translations: table });
} catch (error) {
  console.log(`model rows skipped: the OpenAI-protocol test server did not start (${error instanceof Error ? error.message : error})`);
}
const model = (options: { fuse?: boolean; glossary?: boolean } = {}): Translate | null => {
  if (!server) return null;
  const translate = createLlmTranslator({
    baseUrl: server.url,
    apiKey: 'bench',
    model: 'table',
    timeoutMs: 5000,
    fuse: options.fuse,
    lexicon: options.glossary === false ? { glossary: null } : {},
  });
  return (q) => translate(q);
};
const modelBefore = model({ glossary: false });
const modelAfter = model();
const modelFused = model({ fuse: true });

const zh = (q: JudgedQuery) => q.zh;
const en = (q: JudgedQuery) => q.en;
const rows: Array<{ name: string; text: (q: JudgedQuery) => string; translate: Translate | null; key?: string }> = [
  { name: 'English twins, as written', text: en, translate: none, key: 'english' },
  { name: 'English twins, translated to Chinese too', text: en, translate: after },
  { name: 'Chinese, no translation', text: zh, translate: none },
  { name: 'Chinese, CC-CEDICT alone (before)', text: zh, translate: before, key: 'before' },
  { name: 'Chinese, glossary + CC-CEDICT (after)', text: zh, translate: after, key: 'after' },
  { name: 'Chinese, model; CC-CEDICT beside (before)', text: zh, translate: modelBefore },
  { name: 'Chinese, model; glossary beside (after)', text: zh, translate: modelAfter, key: 'model' },
  { name: 'Chinese, model, cached', text: zh, translate: modelAfter },
  { name: 'Chinese, model + glossary fused', text: zh, translate: modelFused },
  { name: 'English, model translation to Chinese', text: en, translate: modelAfter },
];

console.log(`\nglossary: ${glossary.entries} terms; glossary and CC-CEDICT loaded in ${loadMs.toFixed(0)} ms, ${heapMb.toFixed(0)} MB of heap`);
const goals: string[] = [];
for (const set of sets) await report(set);
await server?.close();
console.log(`\nGoal without a model: Chinese ≥ 0.80 × the English twins' nDCG@10 on each set.\n${goals.join('\n')}`);

async function report(set: QuerySet) {
  const handle = await set.open();
  try {
    console.log(`\n${set.name}: ${set.description}, ${handle.kind}\n`);
    const third = set.recall ? 'R@100' : 'P@10';
    console.log(
      'queries'.padEnd(44),
      'nDCG@10'.padStart(8),
      'ratio'.padStart(6),
      third.padStart(6),
      'unjudged'.padStart(9),
      'translate p50'.padStart(14),
      'search p50'.padStart(11),
    );
    const results = new Map<string, Measured>();
    let english = 0;
    for (const row of rows) {
      if (!row.translate) {
        console.log(row.name.padEnd(44), 'skipped: no model server'.padStart(24));
        continue;
      }
      const r = await measure(handle, set.queries, row.text, row.translate);
      if (row.key === 'english') english = r.ndcg;
      if (row.key) results.set(row.key, r);
      console.log(
        row.name.padEnd(44),
        r.ndcg.toFixed(3).padStart(8),
        (r.ndcg / english).toFixed(2).padStart(6),
        (set.recall ? r.recall : r.precision).toFixed(3).padStart(6),
        (set.queries[0]!.judged ? String(r.unjudged) : '–').padStart(9),
        `${r.translateMs.toFixed(2)} ms`.padStart(14),
        `${r.searchMs.toFixed(1)} ms`.padStart(11),
      );
    }
    const ratio = results.get('after')!.ndcg / english;
    goals.push(`  ${set.name}: ${ratio.toFixed(2)} (before: ${(results.get('before')!.ndcg / english).toFixed(2)}) — ${ratio >= 0.8 ? 'met' : 'not met'}`);
    if (!set.recall) await examples(set, results);
    if (set.absurd.length) {
      console.log('\nUnrelated words, papers found (each must be 0):  as written  before  after  model');
      for (const q of set.absurd) {
        const counts = await Promise.all([none, before, after, modelAfter].map((t) => (t ? found(handle, q.zh, t) : Promise.resolve(NaN))));
        console.log(`  ${q.zh}`.padEnd(34), counts.map((c) => String(c).padStart(7)).join(' '));
      }
    }
    if (process.env.BENCH_VERBOSE) {
      console.log('\nper query: English / before / after nDCG@10, the Chinese query and its translation (after)');
      set.queries.forEach((q, i) => {
        const terms = translateWithDictionary(q.zh).terms.map((t) => `${t.source}${t.translations.length ? `→${t.translations[0]}` : ''}`);
        console.log(q.id.padStart(4), ...['english', 'before', 'after'].map((k) => results.get(k)!.perQuery[i]!.toFixed(2)), q.zh, terms.join(' '));
      });
    }
  } finally {
    await handle.close();
  }
}

/** How much of each top 10 is on topic (judged relevant), for the issue's examples, and how many queries have all of it. */
async function examples(set: QuerySet, results: Map<string, Measured>) {
  const kinds = ['english', 'before', 'after', 'model'].filter((k) => results.has(k));
  const onTopic = (k: string, i: number) => {
    const top = results.get(k)!.top[i]!;
    return { on: top.filter((id) => set.queries[i]!.relevant.has(id)).length, shown: top.length };
  };
  console.log(`\nTop 10 on topic (judged relevant / shown):`.padEnd(44), kinds.map((k) => k.padStart(8)).join(''));
  const shown = process.env.BENCH_VERBOSE ? set.queries : set.queries.slice(0, 4);
  for (const q of shown) {
    const i = set.queries.indexOf(q);
    console.log(`  ${q.zh} (${q.en})`.padEnd(44), kinds.map((k) => `${onTopic(k, i).on}/${onTopic(k, i).shown}`.padStart(8)).join(''));
  }
  const whole = (k: string) => set.queries.filter((_, i) => onTopic(k, i).shown > 0 && onTopic(k, i).on === onTopic(k, i).shown).length;
  console.log(`  queries whose top 10 is all on topic`.padEnd(44), kinds.map((k) => `${whole(k)}/${set.queries.length}`.padStart(8)).join(''));
}
