// The inner loop of a plain search's scoring (no filter, no minimum), over typed arrays only. It runs on the thread
// that searches and, from its own source text, on the scoring threads (score-threads.ts), so it must stay
// self-contained: no reference to anything outside its parameters and locals, not even a helper.

/**
 * A term's postings for rankPostings: from posting `first` on, `count` of them, weighed by `idf`, strongest first
 * (as term blocks keep them).
 */
export interface RankedTerm {
  first: number;
  count: number;
  idf: number;
}

/**
 * The `depth` best papers of a search that needs nothing else of its scores (no filter, no minimum): the same sums
 * and the same order as Scores (term by term, in the order given), with less work at a million papers.
 *
 * Adding counts each paper once, on its first posting, and keeps no list of the papers touched. The postings are
 * then walked again, term by term, to offer each paper to the top once, on its first posting, marked as offered by
 * negating its score (every score is above 0). A paper first met there in term t has no posting in the terms before
 * (it would have been met there), so its score is at most t's weight at that point, times t's idf, plus the most
 * each later term can add; a term's postings are strongest first, so once that bound is below the weakest of a full
 * top, the rest of the term cannot enter it and the walk moves on to the next term.
 *
 * `values` must be all zero on entry (at least `limit` long) and is all zero again on return. Returns the best keys,
 * best first (score descending, then key ascending), their scores, and how many papers have a score.
 */
export function rankPostings(
  values: Float64Array,
  limit: number,
  ints: Int32Array,
  floats: Float32Array,
  terms: RankedTerm[],
  depth: number,
): { keys: number[]; scores: number[]; total: number } {
  let postings = 0;
  let total = 0;
  for (const { first, count, idf } of terms) {
    postings += count;
    for (let i = first; i < first + count; i++) {
      const key = ints[2 * i]!;
      if (key >= limit) continue;
      const value = values[key]!;
      if (value === 0) total++;
      values[key] = value + idf * floats[2 * i + 1]!;
    }
  }
  // The most the terms after each one can add to a paper: the sum of their idf × their first (strongest) weight.
  const later: number[] = [];
  for (let t = terms.length - 1, sum = 0; t >= 0; t--) {
    later[t] = sum;
    const { first, count, idf } = terms[t]!;
    if (count > 0) sum += idf * floats[2 * first + 1]!;
  }
  // A min-heap of the best seen, in two arrays: its root is the weakest, the lower score or, on a tie, the higher key.
  const keys: number[] = [];
  const scores: number[] = [];
  const swap = (a: number, b: number) => {
    [keys[a], keys[b]] = [keys[b]!, keys[a]!];
    [scores[a], scores[b]] = [scores[b]!, scores[a]!];
  };
  const weaker = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && keys[a]! > keys[b]!);
  for (let t = 0; t < terms.length && depth > 0; t++) {
    const { first, count, idf } = terms[t]!;
    const rest = later[t]!;
    for (let i = first; i < first + count; i++) {
      // A margin for rounding: the bound is summed in another order than the score.
      if (keys.length === depth && (idf * floats[2 * i + 1]! + rest) * (1 + 1e-9) < scores[0]!) break;
      const key = ints[2 * i]!;
      if (key >= limit) continue;
      const score = values[key]!;
      if (score <= 0) continue;
      values[key] = -score;
      if (keys.length < depth) {
        keys.push(key);
        scores.push(score);
        for (let at = keys.length - 1; at > 0;) {
          const parent = (at - 1) >> 1;
          if (!weaker(at, parent)) break;
          swap(at, parent);
          at = parent;
        }
      } else if (score > scores[0]! || (score === scores[0] && key < keys[0]!)) {
        keys[0] = key;
        scores[0] = score;
        for (let at = 0; ;) {
          const left = 2 * at + 1;
          const right = left + 1;
          let weakest = at;
          if (left < keys.length && weaker(left, weakest)) weakest = left;
          if (right < keys.length && weaker(right, weakest)) weakest = right;
          if (weakest === at) break;
          swap(at, weakest);
          at = weakest;
        }
      }
    }
  }
  // Zeroing the whole array is a fast fill once the postings reach a good share of it; otherwise paper by paper.
  if (postings > limit / 8) values.fill(0, 0, limit);
  else {
    for (const { first, count } of terms) {
      for (let i = first; i < first + count; i++) {
        const key = ints[2 * i]!;
        if (key < limit) values[key] = 0;
      }
    }
  }
  const order = keys.map((_, i) => i).sort((a, b) => (weaker(a, b) ? 1 : weaker(b, a) ? -1 : 0));
  return { keys: order.map((i) => keys[i]!), scores: order.map((i) => scores[i]!), total };
}
