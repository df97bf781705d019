// Selection of the best-scoring papers of a search (Scores.top) without sorting every match: a min-heap of the
// best `count` seen, fed from the touched keys, or from the whole score array when most keys have a score.

/** bestKeys scans the whole score array once more than one key in this many has a score. */
const SCAN_SHARE = 16;

/**
 * The `count` best keys of `values` (of those `accept` lets through), by score descending, then key ascending (a
 * stable order for paging). `touched` holds every key with a score, `limit` is the array's used length.
 */
export function bestKeys(values: Float64Array, limit: number, touched: Int32Array, count: number, accept?: (key: number) => boolean): number[] {
  const better = (a: number, b: number) => values[a]! > values[b]! || (values[a] === values[b] && a < b);
  if (count <= 0) return [];
  // A min-heap of the best `count` seen: its root is the weakest of them.
  const heap: number[] = [];
  const sift = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let weakest = i;
      if (left < heap.length && better(heap[weakest]!, heap[left]!)) weakest = left;
      if (right < heap.length && better(heap[weakest]!, heap[right]!)) weakest = right;
      if (weakest === i) return;
      [heap[i], heap[weakest]] = [heap[weakest]!, heap[i]!];
      i = weakest;
    }
  };
  const offer = (key: number) => {
    if (heap.length < count) {
      heap.push(key);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!better(heap[parent]!, heap[i]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (better(key, heap[0]!)) {
      heap[0] = key;
      sift(0);
    }
  };
  if (touched.length > limit / SCAN_SHARE) {
    // Many matches: the whole array in order (a key has a score exactly when it was touched) costs less than
    // visiting the touched keys in the random order they came in, each a cache miss.
    for (let key = 0; key < limit; key++) {
      const value = values[key]!;
      if (value === 0 || (heap.length === count && value < values[heap[0]!]!)) continue;
      if (accept && !accept(key)) continue;
      offer(key);
    }
  } else {
    for (const key of touched) {
      if (accept && !accept(key)) continue;
      offer(key);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
