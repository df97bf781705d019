// Score accumulation for one search: an array indexed by paper key (keys are dense integers), the keys touched so
// far, and selection of the best without sorting every match.

/**
 * Score arrays of finished searches, cleared and kept for the next ones: a fresh array costs a page fault per 4 kB
 * on first write (8 MB for a million papers), which was most of the scoring time.
 */
const pool: Float64Array[] = [];
const POOL_SIZE = 8;
/** Per-paper sets of the query terms seen (bit i: term i), for the bounded search's upper bounds; pooled likewise. */
const maskPool: Uint32Array[] = [];

export class Scores {
  private readonly values: Float64Array;
  private readonly limit: number;
  private touched: number[] = [];
  /** Per touched paper, how many counted terms it contains (only when some term is counted). */
  private matches: Map<number, number> | null = null;

  constructor(maxKey: number) {
    this.limit = maxKey + 1;
    const reused = pool.findIndex((values) => values.length >= this.limit);
    // Room to grow, so the pooled arrays outlive a few imports.
    this.values = reused >= 0 ? pool.splice(reused, 1)[0]! : new Float64Array(Math.ceil(this.limit * 1.25));
  }

  /** Which terms each touched paper was seen in (addBlock with a term index); allocated on first use. */
  private masks: Uint32Array | null = null;

  /** Clears the touched entries and returns the array to the pool; the scores must not be read afterwards. */
  release() {
    for (const key of this.touched) this.values[key] = 0;
    if (this.masks) {
      for (const key of this.touched) this.masks[key] = 0;
      if (maskPool.length < POOL_SIZE) maskPool.push(this.masks);
      this.masks = null;
    }
    this.touched.length = 0;
    if (pool.length < POOL_SIZE) pool.push(this.values);
  }

  /** Adds a packed block as addBlock does, remembering that its papers were seen in term `term` (0–31). */
  addTermBlock(block: Uint8Array, idf: number, term: number) {
    if (!this.masks) {
      const reused = maskPool.findIndex((masks) => masks.length >= this.limit);
      this.masks = reused >= 0 ? maskPool.splice(reused, 1)[0]! : new Uint32Array(this.values.length);
    }
    const masks = this.masks;
    const bit = (1 << term) >>> 0;
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    for (let offset = 0; offset + 8 <= block.byteLength; offset += 8) {
      const key = view.getInt32(offset);
      if (key >= this.limit) continue;
      if (this.values[key] === 0) this.touched.push(key);
      this.values[key]! += idf * view.getFloat32(offset + 4);
      masks[key] = (masks[key]! | bit) >>> 0;
    }
  }

  /**
   * The highest score a paper outside `top` could still reach: its score plus, for each term in `open` it was not
   * seen in, that term's bound on unread postings (`bounds[i]`). Papers seen in no term are not counted here.
   */
  bestOutside(top: Set<number>, open: number[], bounds: number[]): number {
    const masks = this.masks;
    let best = 0;
    for (const key of this.touched) {
      if (top.has(key)) continue;
      let upper = this.values[key]!;
      const mask = masks ? masks[key]! : 0;
      for (const i of open) if (((mask >>> i) & 1) === 0) upper += bounds[i]!;
      if (upper > best) best = upper;
    }
    return best;
  }

  /** Whether paper `key` was seen in term `term` (addTermBlock). */
  seen(key: number, term: number): boolean {
    return this.masks ? ((this.masks[key]! >>> term) & 1) === 1 : false;
  }

  /**
   * Adds idf × weight for every (key int4, weight float4) pair of a packed block (big-endian, see term_blocks);
   * `counted`: also count the term for each paper, for keepAtLeast (a term's postings are in exactly one of its blocks).
   */
  addBlock(block: Uint8Array, idf: number, counted = false) {
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    if (counted) this.matches ??= new Map();
    for (let offset = 0; offset + 8 <= block.byteLength; offset += 8) {
      const key = view.getInt32(offset);
      // A paper imported after the last refresh has a key past the array; it has no blocks yet, so this is defensive.
      if (key >= this.limit) continue;
      if (this.values[key] === 0) this.touched.push(key);
      this.values[key]! += idf * view.getFloat32(offset + 4);
      if (counted) this.matches!.set(key, (this.matches!.get(key) ?? 0) + 1);
    }
  }

  /** Adds one value to a paper's score (a synonym group's best alternative); `counted` as in addBlock. */
  add(key: number, value: number, counted = false) {
    if (key >= this.limit || value === 0) return;
    if (this.values[key] === 0) this.touched.push(key);
    this.values[key]! += value;
    if (counted) {
      this.matches ??= new Map();
      this.matches.set(key, (this.matches.get(key) ?? 0) + 1);
    }
  }

  /** Raises each paper's score to `other`'s where that is higher: the best alternative of a synonym group. */
  maxWith(other: Scores) {
    for (const key of other.touched) {
      const value = other.values[key]!;
      if (value <= this.values[key]!) continue;
      if (this.values[key] === 0) this.touched.push(key);
      this.values[key] = value;
    }
  }

  /** Adds every score of `other` to this one; `counted`: `other` counts as one term for keepAtLeast. */
  addAll(other: Scores, counted = false) {
    for (const key of other.touched) this.add(key, other.values[key]!, counted);
  }

  /** Drops every paper that contains fewer than `minimum` counted terms (minimum-should-match). */
  keepAtLeast(minimum: number) {
    const kept: number[] = [];
    for (const key of this.touched) {
      if ((this.matches?.get(key) ?? 0) >= minimum) kept.push(key);
      else this.values[key] = 0;
    }
    this.touched = kept;
  }

  /** Number of papers with a score. */
  get size() {
    return this.touched.length;
  }

  of(key: number) {
    return this.values[key] ?? 0;
  }

  /** Number of papers with a score that `accept` lets through. */
  count(accept: (key: number) => boolean): number {
    let n = 0;
    for (const key of this.touched) if (accept(key)) n++;
    return n;
  }

  /** The `count` best keys (of those `accept` lets through), by score descending, then key ascending (a stable order for paging). */
  top(count: number, accept?: (key: number) => boolean): number[] {
    const better = (a: number, b: number) => this.values[a]! > this.values[b]! || (this.values[a] === this.values[b] && a < b);
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
    for (const key of this.touched) {
      if (accept && !accept(key)) continue;
      if (heap.length < count) {
        heap.push(key);
        for (let i = heap.length - 1; i > 0; ) {
          const parent = (i - 1) >> 1;
          if (!better(heap[parent]!, heap[i]!)) break;
          [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
          i = parent;
        }
      } else if (better(key, heap[0]!)) {
        heap[0] = key;
        sift(0);
      }
    }
    return heap.sort((a, b) => (better(a, b) ? -1 : 1));
  }
}
