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
    scores.addBlock(block([[3, 1], [7, 0.5]]), 2);
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
    const expected = pairs
      .map(([key]) => key)
      .sort((a, b) => scores.of(b) - scores.of(a) || a - b);
    expect(scores.top(10)).toEqual(expected.slice(0, 10));
    expect(scores.top(123)).toEqual(expected.slice(0, 123));
    expect(scores.top(10_000)).toEqual(expected);
    expect(scores.top(0)).toEqual([]);
  });

  it('ignores keys beyond the corpus it was sized for', () => {
    const scores = new Scores(4);
    scores.addBlock(block([[2, 1], [9, 1]]), 1);
    expect(scores.top(5)).toEqual([2]);
  });

  it('hands a released array to the next search cleared', () => {
    const first = new Scores(100);
    first.addBlock(block([[3, 1], [42, 2]]), 1);
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
