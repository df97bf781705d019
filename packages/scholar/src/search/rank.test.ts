// The cross-source ranking: reciprocal ranks, weighted by each source's own scores when it gives them.
import { describe, expect, it } from 'vitest';
import type { Paper } from '../paper';
import { contributions, rankContribution, RRF_K } from './rank';

const hit = (score: number | null) => ({ paper: { id: 'x' } as Paper, score });

describe('rank fusion', () => {
  it('gives the first hit of every source the same weight, and less to later ranks', () => {
    expect(rankContribution(1, null, null)).toBe(1 / (RRF_K + 1));
    expect(rankContribution(1, 12.5, 12.5)).toBe(1 / (RRF_K + 1));
    expect(rankContribution(2, null, null)).toBeLessThan(rankContribution(1, null, null));
  });

  it('weights a scored hit by its score relative to the best of its source', () => {
    const [strong, weak] = contributions([hit(20), hit(19), hit(2)]).slice(1);
    expect(strong).toBeCloseTo((1 / (RRF_K + 2)) * (0.5 + 0.5 * 0.95));
    expect(weak).toBeCloseTo((1 / (RRF_K + 3)) * (0.5 + 0.5 * 0.1));
    // Two sources agreeing on a work outweigh one source's first place.
    expect(rankContribution(2, null, null) + rankContribution(3, null, null)).toBeGreaterThan(rankContribution(1, null, null));
  });

  it('falls back to ranks alone when a source scores only some hits or scores nothing positive', () => {
    expect(contributions([hit(3), hit(null)])).toEqual([1 / (RRF_K + 1), 1 / (RRF_K + 2)]);
    expect(contributions([hit(0), hit(0)])).toEqual([1 / (RRF_K + 1), 1 / (RRF_K + 2)]);
    expect(contributions([])).toEqual([]);
  });
});
