// The `bounded` strategy (LocalSearchOptions.strategy): a search by relevance that reads each term's strongest
// postings in rounds and stops once no unread posting can change the top results. Kept for measuring (bench/search).
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS, POSTINGS_BUDGET } from './ranking';
import { Scores } from './scores';
import { budgetBlocks, idfOf, type Db, type QueryTerm } from './query-terms';
import { postingsOf } from './store';

/** Blocks of each term the first round of a bounded search reads; each further round reads BOUNDED_GROWTH times as many. */
const FIRST_BLOCKS = 2;
const BOUNDED_GROWTH = 4;
/** Rounds before the last, which reads each term's whole share of the budget. */
const MAX_ROUNDS = 3;
/** A query whose terms have at most this many blocks in all is read whole in one round: rounds would cost more. */
const ONE_ROUND_BLOCKS = 256;

/**
 * Top-k candidate generation with early termination (impact-ordered postings, as in score-at-a-time search): each
 * round reads the next blocks of every term not read to its end, strongest postings first. After a round, a paper's
 * unread postings can add at most U = the sum over those terms of idf × the weakest weight read so far, so once the
 * depth-th best score exceeds the next one by U, no paper outside the top can enter it: the top set is BM25's exact
 * one, and its papers' missing postings are then derived from their tsvectors, which makes their scores and
 * order exact too. Each term reads at most its share of POSTINGS_BUDGET; a search that reaches every share without
 * that proof has read exactly what the budget path reads, and answers the same.
 */
export async function boundedScores(
  db: Db,
  terms: QueryTerm[],
  depth: number,
  rounds = { first: FIRST_BLOCKS, whole: ONE_ROUND_BLOCKS },
): Promise<{ scores: Scores; total: number }> {
  const allowance = budgetBlocks(terms, POSTINGS_BUDGET, new Set());
  const blocks = terms.map((t) => Math.ceil(t.documents / BLOCK_POSTINGS));
  const idf = terms.map(idfOf);
  const read = terms.map(() => 0);
  // The last posting read of each term: its weight bounds every unread one (blocks are strongest first).
  const last = terms.map(() => ({ weight: Infinity, key: -1 }));
  const scores = new Scores(Number(terms[0]!.max_key));
  const index = new Map(terms.map((t, i) => [t.term, i]));
  const small = terms.reduce((sum, _, i) => sum + Math.min(allowance[i]!, blocks[i]!), 0) <= rounds.whole;
  for (let round = 0; ; round++) {
    const ranges = terms.map((_, i) => {
      // Two growing rounds, then the rest of the budget at once: most proofs come early, and each round costs a statement.
      const to = Math.min(allowance[i]!, blocks[i]!, small || round >= MAX_ROUNDS - 1 ? Infinity : round === 0 ? rounds.first : read[i]! * BOUNDED_GROWTH);
      return { from: read[i]!, to: Math.max(read[i]!, to) };
    });
    const wanted = ranges.map((r, i) => ({ r, i })).filter(({ r }) => r.to > r.from);
    if (wanted.length) {
      // One row per term, its blocks joined in order (see readPostings).
      const rows = await queryRows<{ term: string; blocks: number; postings: Uint8Array }>(
        db,
        sql`
        select b.term, count(*)::int as blocks, string_agg(b.postings, ''::bytea order by b.block) as postings
        from scholar.term_blocks b
        join unnest(${pgTextArray(wanted.map(({ i }) => terms[i]!.term))}::text[], ${`{${wanted.map(({ r }) => r.from).join(',')}}`}::int[], ${`{${wanted.map(({ r }) => r.to).join(',')}}`}::int[]) as w (term, first, upto)
          on b.term = w.term and b.block >= w.first and b.block < w.upto
        group by b.term`,
      );
      for (const row of rows) {
        const i = index.get(row.term)!;
        scores.addTermBlock(row.postings, idf[i]!, i);
        // Blocks are full but the last: a range that came back whole ends with the weakest posting read.
        if (Number(row.blocks) === ranges[i]!.to - ranges[i]!.from && row.postings.byteLength >= 8) {
          const view = new DataView(row.postings.buffer, row.postings.byteOffset, row.postings.byteLength);
          last[i] = { key: view.getInt32(row.postings.byteLength - 8), weight: view.getFloat32(row.postings.byteLength - 4) };
        }
      }
      for (const { r, i } of wanted) read[i] = r.to;
    }
    const open = terms.map((_, i) => i).filter((i) => read[i]! < blocks[i]!);
    const bounds = terms.map((_, i) => idf[i]! * last[i]!.weight);
    // A paper seen in no term yet can reach at most the sum of the bounds; a paper seen in some, its score plus the
    // bounds of the open terms it was not seen in.
    const unseen = open.reduce((sum, i) => sum + bounds[i]!, 0);
    let proven = open.length === 0;
    if (!proven) {
      const top = scores.top(depth);
      const kth = top.length >= depth ? scores.of(top[depth - 1]!) : 0;
      proven = top.length >= depth && kth >= unseen && kth >= scores.bestOutside(new Set(top), open, bounds);
      if (proven) {
        await completeScores(
          db,
          scores,
          top,
          open.map((i) => ({ term: terms[i]!.term, index: i, idf: idf[i]!, last: last[i]! })),
        );
        break;
      }
    }
    if (proven) break;
    // Every term read to its share of the budget: what the budget path reads, and its answer.
    if (open.every((i) => read[i]! >= allowance[i]!)) break;
  }
  return { scores, total: Math.max(scores.size, ...terms.map((t) => t.documents)) };
}

/**
 * Adds to the top papers the postings of the terms not read to their end that those papers have but the blocks read
 * did not include: postings after the last one read in the term's order (weight descending, then paper key).
 */
async function completeScores(
  db: Db,
  scores: Scores,
  keys: number[],
  open: Array<{ term: string; index: number; idf: number; last: { weight: number; key: number } }>,
) {
  // Only the papers not seen in every open term can miss a posting.
  keys = keys.filter((key) => open.some((t) => !scores.seen(key, t.index)));
  if (keys.length === 0) return;
  // Derived from those papers' tsvectors as the blocks were (postingsOf): the same float4 weights.
  const terms = pgTextArray(open.map((t) => t.term));
  const rows = await queryRows<{ term: string; paper: number; weight: number }>(
    db,
    postingsOf(
      sql`select key, tsv, doc_length from scholar.papers where key = any(${`{${keys.join(',')}}`}::int[])`,
      (lexeme) => sql`${lexeme} = any(${terms}::text[])`,
    ),
  );
  const byTerm = new Map(open.map((t) => [t.term, t]));
  for (const row of rows) {
    const t = byTerm.get(row.term)!;
    // The stored weight is a float4, as in the block: compare the same values.
    const weight = Math.fround(Number(row.weight));
    const paper = Number(row.paper);
    const unread = weight < t.last.weight || (weight === t.last.weight && paper > t.last.key);
    if (unread && !scores.seen(paper, t.index)) scores.add(paper, t.idf * weight);
  }
}
