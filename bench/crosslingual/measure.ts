// Measures one way of searching a judged query set: nDCG@10, recall@100 (complete judgements) or P@10, results in
// the top 10 nobody judged (pooled judgements), and the median time of translating and of the whole search.
import type { DatabaseHandle } from '@citewise/db';
import { searchLocal, type QueryTranslation } from '@citewise/scholar';
import type { JudgedQuery } from './sets';

export type Translate = (query: string) => QueryTranslation | null | Promise<QueryTranslation | null>;

export interface Measured {
  ndcg: number;
  recall: number;
  precision: number;
  /** Results in the top 10 outside the judged pool, over all queries. */
  unjudged: number;
  translateMs: number;
  searchMs: number;
  perQuery: number[];
  /** Each query's top 10. */
  top: string[][];
}

const gain = (i: number) => 1 / Math.log2(i + 2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measure(handle: DatabaseHandle, queries: JudgedQuery[], text: (q: JudgedQuery) => string, translate: Translate): Promise<Measured> {
  let ndcg = 0;
  let recall = 0;
  let precision = 0;
  let unjudged = 0;
  const translating: number[] = [];
  const searching: number[] = [];
  const perQuery: number[] = [];
  const top: string[][] = [];
  for (const q of queries) {
    const query = text(q);
    const started = performance.now();
    const translation = await translate(query);
    const translated = performance.now();
    const { hits } = await searchLocal(handle.db, { query, limit: 100, translation });
    translating.push(translated - started);
    searching.push(performance.now() - started);
    const ten = hits.slice(0, 10).map((h) => h.id);
    const dcg = ten.reduce((sum, id, i) => sum + (q.relevant.has(id) ? gain(i) : 0), 0);
    const ideal = Array.from({ length: Math.min(10, q.relevant.size) }, (_, i) => gain(i)).reduce((a, b) => a + b, 0);
    ndcg += dcg / ideal;
    perQuery.push(dcg / ideal);
    recall += hits.filter((hit) => q.relevant.has(hit.id)).length / q.relevant.size;
    precision += ten.filter((id) => q.relevant.has(id)).length / 10;
    if (q.judged) unjudged += ten.filter((id) => !q.judged!.has(id)).length;
    top.push(ten);
  }
  const n = queries.length;
  return {
    ndcg: ndcg / n,
    recall: recall / n,
    precision: precision / n,
    unjudged,
    translateMs: median(translating),
    searchMs: median(searching),
    perQuery,
    top,
  };
}

/** How many papers a query finds (the absurd queries: none, in any language, with or without a model). */
export async function found(handle: DatabaseHandle, query: string, translate: Translate): Promise<number> {
  return (await searchLocal(handle.db, { query, translation: await translate(query) })).total;
}
