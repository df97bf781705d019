// Score accumulation for one search: an array indexed by paper key (keys are dense integers), the keys touched so
// far, and selection of the best without sorting every match.
import type { TermPostings } from './postings';
import { bestKeys } from './best-keys';

/**
 * Score arrays of finished searches, cleared and kept for the next ones, each with the array of the keys it touched:
 * a fresh array costs a page fault per 4 kB on first write (8 MB for a million papers), which was most of the
 * scoring time; a growing plain array of touched keys cost as much again (its backing store is reallocated).
 * withScoreArray's callers keep no touched list, so an array it creates has none until a Scores takes it.
 */
const pool: Array<{ values: Float64Array; touched: Int32Array | null }> = [];
const POOL_SIZE = 8;
/** Per-paper sets of the query terms seen (bit i: term i), for the bounded search's upper bounds; pooled likewise. */
const maskPool: Uint32Array[] = [];

/** Runs `use` with a pooled score array of at least `limit` zeros (rankPostings); `use` must leave it all zero. */
export function withScoreArray<T>(limit: number, use: (values: Float64Array) => T): T {
  const reused = pool.findIndex((arrays) => arrays.values.length >= limit);
  const size = Math.ceil(limit * 1.25);
  const arrays = reused >= 0 ? pool.splice(reused, 1)[0]! : { values: new Float64Array(size), touched: null };
  try {
    return use(arrays.values);
  } finally {
    if (pool.length < POOL_SIZE) pool.push(arrays);
  }
}

/** The scores of one search. A paper is a match once its score is above 0 (every BM25 weight is). */
export class Scores {
  private readonly values: Float64Array;
  private readonly limit: number;
  /** The keys with a score, in the order first touched: `touched[0 … size)`. */
  private readonly touched: Int32Array;
  private touchedCount = 0;
  /** Per touched paper, how many counted terms it contains (only when some term is counted). */
  private matches: Map<number, number> | null = null;
  /** The same for a second set of counted terms (add with `second`). */
  private secondMatches: Map<number, number> | null = null;

  constructor(maxKey: number) {
    this.limit = maxKey + 1;
    const reused = pool.findIndex((arrays) => arrays.values.length >= this.limit);
    // Room to grow, so the pooled arrays outlive a few imports.
    const size = Math.ceil(this.limit * 1.25);
    const arrays = reused >= 0 ? pool.splice(reused, 1)[0]! : { values: new Float64Array(size), touched: null };
    this.values = arrays.values;
    this.touched = arrays.touched ?? new Int32Array(arrays.values.length);
  }

  /** The touched keys, as a view (valid until the next change). */
  private keys(): Int32Array {
    return this.touched.subarray(0, this.touchedCount);
  }

  /** Which terms each touched paper was seen in (addBlock with a term index); allocated on first use. */
  private masks: Uint32Array | null = null;

  /** Clears the touched entries and returns the array to the pool; the scores must not be read afterwards. */
  release() {
    const keys = this.keys();
    for (let i = 0; i < keys.length; i++) this.values[keys[i]!] = 0;
    if (this.masks) {
      for (let i = 0; i < keys.length; i++) this.masks[keys[i]!] = 0;
      if (maskPool.length < POOL_SIZE) maskPool.push(this.masks);
      this.masks = null;
    }
    this.touchedCount = 0;
    if (pool.length < POOL_SIZE) pool.push({ values: this.values, touched: this.touched });
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
      const value = this.values[key]!;
      const next = value + idf * view.getFloat32(offset + 4);
      if (value === 0 && next !== 0) this.touched[this.touchedCount++] = key;
      this.values[key] = next;
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
    for (const key of this.keys()) {
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
      const value = this.values[key]!;
      const next = value + idf * view.getFloat32(offset + 4);
      if (value === 0 && next !== 0) this.touched[this.touchedCount++] = key;
      this.values[key] = next;
      if (counted) this.matches!.set(key, (this.matches!.get(key) ?? 0) + 1);
    }
  }

  /**
   * Adds idf × weight for every posting of a decoded term (postings.ts): one pass over typed arrays, much faster than
   * reading blocks through a DataView each. `counted` as in addBlock.
   */
  addPostings(postings: TermPostings, idf: number, counted = false) {
    const { ints, floats, count } = postings;
    const values = this.values;
    const touched = this.touched;
    const limit = this.limit;
    let n = this.touchedCount;
    if (counted) this.matches ??= new Map();
    for (let i = 0; i < count; i++) {
      const key = ints[2 * i]!;
      if (key >= limit) continue;
      const value = values[key]!;
      const next = value + idf * floats[2 * i + 1]!;
      if (value === 0 && next !== 0) touched[n++] = key;
      values[key] = next;
      if (counted) this.matches!.set(key, (this.matches!.get(key) ?? 0) + 1);
    }
    this.touchedCount = n;
  }

  /**
   * Adds one value to a paper's score (a synonym group's best alternative); `counted` as in addBlock, or `second`:
   * counted in a second set, for keepEither.
   */
  add(key: number, value: number, counted: boolean | 'second' = false) {
    if (key >= this.limit || value === 0) return;
    if (this.values[key] === 0) this.touched[this.touchedCount++] = key;
    this.values[key]! += value;
    if (counted) {
      const matches = counted === 'second' ? (this.secondMatches ??= new Map()) : (this.matches ??= new Map());
      matches.set(key, (matches.get(key) ?? 0) + 1);
    }
  }

  /** Raises each paper's score to `other`'s where that is higher: the best alternative of a synonym group. */
  maxWith(other: Scores) {
    for (const key of other.keys()) {
      const value = other.values[key]!;
      if (value <= this.values[key]!) continue;
      if (this.values[key] === 0) this.touched[this.touchedCount++] = key;
      this.values[key] = value;
    }
  }

  /**
   * Adds every score of `other` to this one; `counted`: `other` counts as one term for keepAtLeast (or keepEither's
   * second set), for every paper or only for those in `countedKeys`.
   */
  addAll(other: Scores, counted: boolean | 'second' = false, countedKeys?: ReadonlySet<number>) {
    for (const key of other.keys()) this.add(key, other.values[key]!, counted && (!countedKeys || countedKeys.has(key)) ? counted : false);
  }

  /** The papers still scored that contain at least `minimum` counted terms (addPostings with `counted`). */
  containing(minimum: number): Set<number> {
    const keys = new Set<number>();
    for (const [key, count] of this.matches ?? []) if (count >= minimum && this.values[key] !== 0) keys.add(key);
    return keys;
  }

  /** Drops every paper that contains fewer than `minimum` counted terms (minimum-should-match). */
  keepAtLeast(minimum: number) {
    let kept = 0;
    for (let i = 0; i < this.touchedCount; i++) {
      const key = this.touched[i]!;
      if ((this.matches?.get(key) ?? 0) >= minimum) this.touched[kept++] = key;
      else this.values[key] = 0;
    }
    this.touchedCount = kept;
  }

  /**
   * Drops every paper that has neither `first` counted terms of the first set nor `second` of the second (a
   * minimum of 0 lets no paper through on that set): a translated query's words must be in a paper in either of
   * its languages.
   */
  keepEither(first: number, second: number) {
    let kept = 0;
    for (let i = 0; i < this.touchedCount; i++) {
      const key = this.touched[i]!;
      if ((first > 0 && (this.matches?.get(key) ?? 0) >= first) || (second > 0 && (this.secondMatches?.get(key) ?? 0) >= second)) this.touched[kept++] = key;
      else this.values[key] = 0;
    }
    this.touchedCount = kept;
  }

  /** Multiplies the score of every paper that `where` accepts by `factor` (0 < factor). */
  scaleWhere(where: (key: number) => boolean, factor: number) {
    for (const key of this.keys()) if (where(key)) this.values[key]! *= factor;
  }

  /** Drops every paper not in `keys` (and what was counted for it). */
  keepOnly(keys: ReadonlySet<number>) {
    let kept = 0;
    for (let i = 0; i < this.touchedCount; i++) {
      const key = this.touched[i]!;
      if (keys.has(key)) this.touched[kept++] = key;
      else {
        this.values[key] = 0;
        this.matches?.delete(key);
        this.secondMatches?.delete(key);
      }
    }
    this.touchedCount = kept;
  }

  /** Number of papers with a score. */
  get size() {
    return this.touchedCount;
  }

  of(key: number) {
    return this.values[key] ?? 0;
  }

  /** Number of papers with a score that `accept` lets through. */
  count(accept: (key: number) => boolean): number {
    let n = 0;
    for (const key of this.keys()) if (accept(key)) n++;
    return n;
  }

  /** The `count` best keys (of those `accept` lets through), by score descending, then key ascending (a stable order for paging). */
  top(count: number, accept?: (key: number) => boolean): number[] {
    return bestKeys(this.values, this.limit, this.keys(), count, accept);
  }
}
