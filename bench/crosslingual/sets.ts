// The two judged query sets of bench:crosslingual, each a Chinese query with its English twin over a corpus of its
// own: translated SciFact claims over SciFact's abstracts, and Chinese queries over the bundled default corpus.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { migrate, queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { migrations } from '@citewise/scholar';
import { indexBenchmark, loadSciFact } from '@citewise/scholar/evaluation';
import { importFiles } from '../../packages/scholar/src/cli/import';
import { openBenchDatabase } from '../lib/database';

export interface JudgedQuery {
  id: string;
  zh: string;
  en: string;
  relevant: Set<string>;
  /** Papers judged either way; a result outside it is unjudged (the corpus set was judged by pooling). */
  judged: Set<string> | null;
}

export interface QuerySet {
  name: string;
  description: string;
  queries: JudgedQuery[];
  /** Queries of unrelated words that must find nothing. */
  absurd: Array<{ zh: string; en: string }>;
  /** Whether recall@100 means anything: complete judgements (SciFact), not a pool. */
  recall: boolean;
  open(): Promise<DatabaseHandle>;
}

const lines = <T>(file: string) =>
  fs
    .readFileSync(path.join(import.meta.dirname, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** 100 SciFact train claims with Chinese translations written for the benchmark, over SciFact's 5,183 abstracts. */
export function claimsSet(): QuerySet {
  const benchmark = loadSciFact();
  const claims = lines<{ _id: string; en: string; zh: string }>('claims.jsonl');
  return {
    name: 'SciFact claims',
    description: `${claims.length} SciFact train claims and their Chinese translations over ${benchmark.documents.length} English abstracts`,
    queries: claims.map((c) => ({ id: c._id, zh: c.zh, en: c.en, relevant: benchmark.relevant.get(c._id)!, judged: null })),
    absurd: [],
    recall: true,
    async open() {
      const handle = await openBenchDatabase('citewise_bench_crosslingual');
      await migrate(handle, [migrations]);
      await indexBenchmark(handle.db, benchmark);
      return handle;
    },
  };
}

const DEFAULT_CORPUS = path.resolve(import.meta.dirname, '../../packages/scholar/data/corpus/default.jsonl.gz');

/** Chinese queries with English twins over the bundled default corpus, judged by pooling (corpus-queries.jsonl). */
export function corpusSet(): QuerySet {
  const all = lines<{ id: string; zh: string; en: string; relevant: string[]; nonrelevant: string[] }>('corpus-queries.jsonl');
  const judged = all.filter((q) => q.relevant.length > 0);
  return {
    name: 'Bundled corpus',
    description: `${judged.length} Chinese queries and their English twins over the bundled corpus (22,000 English arXiv papers, 2,000 Chinese)`,
    queries: judged.map((q) => ({ id: q.id, zh: q.zh, en: q.en, relevant: new Set(q.relevant), judged: new Set([...q.relevant, ...q.nonrelevant]) })),
    absurd: all.filter((q) => q.relevant.length === 0).map((q) => ({ zh: q.zh, en: q.en })),
    recall: false,
    async open() {
      // With DATABASE_URL the imported corpus is kept between runs (BENCH_REUSE=1): the import takes a minute or two.
      const reuse = process.env.BENCH_REUSE === '1';
      const handle = await openBenchDatabase('citewise_bench_crosslingual_corpus', { reuse });
      await migrate(handle, [migrations]);
      const [row] = await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.papers`);
      if (Number(row!.n) === 0) await importFiles(handle.db, [path.relative(process.cwd(), DEFAULT_CORPUS)], new NullWritable());
      return handle;
    },
  };
}

/** Import progress is not part of the benchmark's output. */
class NullWritable extends Writable {
  override _write(_chunk: unknown, _encoding: string, done: () => void) {
    done();
  }
}
