// Reference checking, measured two ways against the local corpus (no network), every reference resolved by title,
// authors and year (identifiers are removed from the rendered references: the hard case).
// 1. The perturbation set (English): per kind (unaltered, one title word, one author, the year, invented), how
//    many references are verified and how many are caught (anything but verified), next to the targets.
// 2. The trust classes, in English and Chinese: exact controls (also in another case, punctuation, accents or
//    width), spelling slips (caught, and shown with the record's value), invented fields on incomplete records.
// Usage: npm run bench:verify [-- --corpus FILE] [--papers 300] [--seed 1]
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { migrate } from '@citewise/db';
import {
  createLocalSource,
  migrations,
  paperFromCorpusRecord,
  refreshStatistics,
  sourceRegistry,
  upsertPapers,
  verifyReference,
  type Paper,
} from '@citewise/scholar';
import { PERTURBATION_KINDS, perturbReferences, type PerturbationKind } from '@citewise/scholar/perturb';
import { openBenchDatabase } from '../lib/database';
import { prepareTrustClasses, reportTrustClasses } from './trust-classes';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz') },
    papers: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
  },
});

async function readCorpus(file: string): Promise<Paper[]> {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const papers: Paper[] = [];
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line.trim()) papers.push(paperFromCorpusRecord(JSON.parse(line)));
  return papers;
}

const corpus = await readCorpus(values.corpus);
const handle = await openBenchDatabase('citewise_bench_verify');
await migrate(handle, [migrations]);
for (let i = 0; i < corpus.length; i += 500) await upsertPapers(handle.db, corpus.slice(i, i + 500));

// Every n-th paper, so the sample spreads over the whole corpus; the trust classes take their own, disjoint samples.
const wanted = Number(values.papers);
const seed = Number(values.seed);
const step = Math.max(1, Math.floor(corpus.length / wanted));
const sample = corpus.filter((_, i) => i % step === 0).slice(0, wanted);
const english = corpus.filter((p, i) => p.language !== 'zh' && i % step === 1);
const chinese = corpus.filter((p) => p.language === 'zh');
const zhStep = Math.max(1, Math.floor(chinese.length / Math.ceil(wanted / 2)));
const trust = {
  english: english.filter((_, i) => i % 2 === 0).slice(0, Math.ceil(wanted / 2)),
  incomplete: english.filter((_, i) => i % 2 === 1).slice(0, Math.ceil(wanted / 4)),
  chinese: chinese.filter((_, i) => i % zhStep === 0).slice(0, Math.ceil(wanted / 2)),
};
const references = perturbReferences(sample, { seed });
const registry = sourceRegistry([createLocalSource(handle.db)], 30_000);
// The incomplete records replace their complete versions before the index is built.
const trustSet = await prepareTrustClasses(handle.db, trust, seed);
await refreshStatistics(handle.db);

const tally = new Map<PerturbationKind, { total: number; verified: number; statuses: Record<string, number> }>();
const misses: string[] = [];
for (const ref of references) {
  const result = await verifyReference(registry, ref.text);
  const row = tally.get(ref.kind) ?? { total: 0, verified: 0, statuses: {} };
  row.total++;
  row.statuses[result.status] = (row.statuses[result.status] ?? 0) + 1;
  if (result.status === 'verified') row.verified++;
  tally.set(ref.kind, row);
  const wrong = ref.kind === 'unaltered' ? result.status !== 'verified' : result.status === 'verified';
  if (wrong && misses.length < 15) misses.push(`${ref.kind} [${ref.style}] → ${result.status}: ${ref.text}`);
}

const target: Record<PerturbationKind, string> = {
  unaltered: '≥ 98% verified',
  title: '≥ 95% caught',
  author: '≥ 95% caught',
  year: '≥ 95% caught',
  invented: '≥ 99% caught',
};
console.log(`\n${references.length} references from ${sample.length} of ${corpus.length} corpus papers (seed ${values.seed}), ${handle.kind}\n`);
console.log('kind'.padEnd(10), 'n'.padStart(5), 'verified'.padStart(9), 'caught'.padStart(8), ' target', '          statuses');
for (const kind of PERTURBATION_KINDS) {
  const row = tally.get(kind);
  if (!row) continue;
  const pct = (n: number) => `${((100 * n) / row.total).toFixed(1)}%`;
  console.log(
    kind.padEnd(10),
    String(row.total).padStart(5),
    pct(row.verified).padStart(9),
    pct(row.total - row.verified).padStart(8),
    ` ${target[kind].padEnd(16)}`,
    JSON.stringify(row.statuses),
  );
}
if (misses.length) console.log(`\nFirst misses:\n${misses.join('\n')}`);
await reportTrustClasses(registry, trustSet);
await handle.close();
