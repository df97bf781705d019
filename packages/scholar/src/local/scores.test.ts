// Score accumulation over packed blocks, and selection of the best keys without a full sort.
import { describe, expect, it } from 'vitest';
import { Scores } from './scores';

/** A packed block as PostgreSQL's int4send || float4send writes it (big-endian). */
function block(pairs: Array<[number, number]>) {
  const view = new DataView(new ArrayBuffer(pairs.length * 8));
  pairs.forEach(([key, weight], i) => {
    view.setInt32(i * 8, key);
    view.setFloat32(i * 8 + 4, weight);
  });
  return new Uint8Array(view.buffer);
}

describe('Scores', () => {
  it('sums idf × weight per paper across blocks and counts each paper once', () => {
    const scores = new Scores(10);
    scores.addBlock(
      block([
        [3, 1],
        [7, 0.5],
      ]),
      2,
    );
    scores.addBlock(block([[7, 1.5]]), 1);
    expect(scores.size).toBe(2);
    expect(scores.of(3)).toBeCloseTo(2);
    expect(scores.of(7)).toBeCloseTo(2.5);
    expect(scores.of(5)).toBe(0);
  });

  it('selects the best keys in order, ties by key, whatever the count', () => {
    const scores = new Scores(1000);
    const pairs: Array<[number, number]> = Array.from({ length: 500 }, (_, i) => [i + 1, ((i * 37) % 101) / 10]);
    scores.addBlock(block(pairs), 1);
    // A posting of weight 0 (every fifth of these; no BM25 weight is 0) adds nothing and makes no match.
    const expected = pairs
      .filter(([, weight]) => weight > 0)
      .map(([key]) => key)
      .sort((a, b) => scores.of(b) - scores.of(a) || a - b);
    expect(scores.top(10)).toEqual(expected.slice(0, 10));
    expect(scores.top(123)).toEqual(expected.slice(0, 123));
    expect(scores.top(10_000)).toEqual(expected);
    expect(scores.top(0)).toEqual([]);
  });

  it('ignores keys beyond the corpus it was sized for', () => {
    const scores = new Scores(4);
    scores.addBlock(
      block([
        [2, 1],
        [9, 1],
      ]),
      1,
    );
    expect(scores.top(5)).toEqual([2]);
  });

  it('hands a released array to the next search cleared', () => {
    const first = new Scores(100);
    first.addBlock(
      block([
        [3, 1],
        [42, 2],
      ]),
      1,
    );
    first.release();
    const next = new Scores(100);
    expect(next.of(3)).toBe(0);
    expect(next.of(42)).toBe(0);
    next.addBlock(block([[42, 1]]), 1);
    expect(next.size).toBe(1);
    expect(next.of(42)).toBeCloseTo(1);
    next.release();
  });
});

describe('Scores over decoded postings', () => {
  const keys = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 50_000);
  const weights = keys.map((_, i) => ((i * 37) % 101) / 10 + 0.1);
  const read = () => {
    const ints = new Int32Array(2 * keys.length);
    const floats = new Float32Array(ints.buffer);
    keys.forEach((key, i) => {
      ints[2 * i] = key;
      floats[2 * i + 1] = weights[i]!;
    });
    return { ints, floats, count: keys.length };
  };

  it('adds decoded postings as it adds the same packed block', () => {
    const pairs = keys.map((key, i): [number, number] => [key, weights[i]!]);
    const a = new Scores(60_000);
    const b = new Scores(60_000);
    a.addPostings(read(), 1.7);
    b.addBlock(block(pairs), 1.7);
    expect(a.size).toBe(b.size);
    expect(a.top(a.size)).toEqual(b.top(b.size));
    for (const key of keys) expect(a.of(key)).toBe(b.of(key));
    a.release();
    b.release();
  });

  it('selects the same best keys by walking the touched keys as by scanning the whole array', () => {
    // 3,000 of 60,000 keys (under one in sixteen) walks the touched ones; of 6,000, scans the array.
    const sparse = new Scores(60_000);
    const dense = new Scores(6_000);
    sparse.addPostings(read(), 1);
    dense.addPostings({ ...read(), ints: read().ints.map((v, i) => (i % 2 === 0 ? v % 6_000 : v)) }, 1);
    for (const scores of [sparse, dense]) {
      const all = scores.top(100_000);
      expect(all.length).toBe(scores.size);
      for (let i = 1; i < all.length; i++) {
        const [p, q] = [scores.of(all[i - 1]!), scores.of(all[i]!)];
        expect(p > q || (p === q && all[i - 1]! < all[i]!)).toBe(true);
      }
      expect(scores.top(25)).toEqual(all.slice(0, 25));
      expect(scores.top(25, (key) => key % 2 === 0)).toEqual(all.filter((key) => key % 2 === 0).slice(0, 25));
      scores.release();
    }
  });

  it('keeps papers with most terms of either of two counted sets, and drops or scales papers by key', () => {
    const scores = new Scores(10);
    // Papers 1–4: the first set's terms in 1 and 2 (both) and 3 (one); the second set's in 3 and 4 (both).
    scores.add(1, 1, true);
    scores.add(1, 1, true);
    scores.add(2, 1, true);
    scores.add(2, 1, true);
    scores.add(3, 1, true);
    scores.add(3, 1, 'second');
    scores.add(3, 1, 'second');
    scores.add(4, 1, 'second');
    scores.add(5, 1);
    expect(scores.containing(2)).toEqual(new Set([1, 2]));
    scores.keepEither(2, 2);
    expect(scores.top(10)).toEqual([3, 1, 2]);
    // A minimum of 0 lets no paper through on its set.
    scores.keepEither(2, 0);
    expect(scores.top(10)).toEqual([1, 2]);
    scores.scaleWhere((key) => key === 1, 0.25);
    expect(scores.of(1)).toBeCloseTo(0.5);
    scores.keepOnly(new Set([1]));
    expect(scores.top(10)).toEqual([1]);
    expect(scores.of(2)).toBe(0);
    expect(scores.containing(1)).toEqual(new Set([1]));
    scores.release();
  });
});
