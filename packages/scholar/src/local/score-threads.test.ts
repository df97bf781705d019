// Scoring threads answer exactly as scoring on the searching thread does: the same keys in the same order, the same
// scores to the last bit, the same number of matches; whole searches too, on a corpus in the database.
import os from 'node:os';
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../db/migrations';
import type { Paper } from '../paper';
import type { TermPostings } from './postings';
import { rankPostings } from './score-kernel';
import { ScoreThreads, scoreThreadCount } from './score-threads';
import { Scores } from './scores';
import { searchLocal } from './search';
import { refreshStatistics, upsertPapers } from './store';

/** A deterministic generator (xorshift32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/** Terms of random postings laid out one after another in one buffer, as postings.ts lays them out. */
function postings(seed: number, counts: number[], keys: number) {
  const next = random(seed);
  const total = counts.reduce((a, b) => a + b, 0);
  // Longer than the postings, and not by a multiple of 8, as a pooled buffer is.
  const buffer = new ArrayBuffer(total * 8 + 13);
  const ints = new Int32Array(buffer, 0, total * 2);
  const floats = new Float32Array(buffer, 0, total * 2);
  let at = 0;
  const terms = counts.map((count, term) => {
    const start = at;
    // Distinct papers within a term; weights with ties (a few values), some papers past the corpus's last key; in
    // the order of the term blocks, strongest first, then by paper.
    const papers = new Set<number>();
    while (papers.size < count) papers.add(Math.floor(next() * keys * 1.01));
    const weighed = [...papers].map((key) => ({ key, weight: Math.round(next() * 40) / 8 + 0.125 }));
    weighed.sort((a, b) => b.weight - a.weight || a.key - b.key);
    for (const { key, weight } of weighed) {
      ints[2 * at] = key;
      floats[2 * at + 1] = weight;
      at++;
    }
    return { first: start, count, idf: 0.5 + term * 0.37 };
  });
  return { buffer, terms };
}

function scoreHere(job: ReturnType<typeof postings>, maxKey: number, depth: number) {
  const scores = new Scores(maxKey);
  const ints = new Int32Array(job.buffer, 0, Math.floor(job.buffer.byteLength / 8) * 2);
  const floats = new Float32Array(job.buffer, 0, ints.length);
  for (const term of job.terms) {
    const read: TermPostings = {
      ints: ints.subarray(term.first * 2, (term.first + term.count) * 2),
      floats: floats.subarray(term.first * 2, (term.first + term.count) * 2),
      count: term.count,
    };
    scores.addPostings(read, term.idf);
  }
  const keys = scores.top(depth);
  const result = { keys, scores: keys.map((key) => scores.of(key)), total: scores.size };
  scores.release();
  return result;
}

describe('ScoreThreads', () => {
  const threads = new ScoreThreads(2);
  afterAll(() => threads.close());

  it('answers as scoring here does, for few matches and for most of the corpus, and hands the buffer back', async () => {
    for (const [seed, counts, maxKey, depth] of [
      [1, [50, 400, 3000], 100_000, 20],
      [2, [9000, 9000, 9000, 20_000], 30_000, 1000],
      [3, [5], 10, 50],
    ] as const) {
      const job = postings(seed, [...counts], maxKey + 1);
      const expected = scoreHere(job, maxKey, depth);
      const copy = job.buffer.slice(0);
      const result = await threads.run({ buffer: copy, terms: job.terms, maxKey, depth });
      expect({ keys: result.keys, scores: result.scores, total: result.total }).toEqual(expected);
      expect(new Uint8Array(result.buffer)).toEqual(new Uint8Array(job.buffer));
    }
  });

  it('ranks on this thread alike, leaving the score array all zero, for a few postings and for many', () => {
    for (const [seed, counts, maxKey, depth] of [
      [4, [30, 60], 100_000, 10],
      [5, [9000, 9000, 20_000], 30_000, 0],
    ] as const) {
      const job = postings(seed, [...counts], maxKey + 1);
      const values = new Float64Array(maxKey + 1);
      const words = Math.floor(job.buffer.byteLength / 8) * 2;
      const ranked = rankPostings(values, maxKey + 1, new Int32Array(job.buffer, 0, words), new Float32Array(job.buffer, 0, words), job.terms, depth);
      expect(ranked).toEqual(scoreHere(job, maxKey, depth));
      expect(values.every((value) => value === 0)).toBe(true);
    }
  });

  it('keeps the jobs of searches in flight apart, on every thread', async () => {
    const jobs = Array.from({ length: 8 }, (_, i) => postings(100 + i, [2000, 500], 50_000));
    const expected = jobs.map((job) => scoreHere(job, 49_999, 10));
    const results = await Promise.all(jobs.map((job) => threads.run({ buffer: job.buffer.slice(0), terms: job.terms, maxKey: 49_999, depth: 10 })));
    expect(results.map((r) => ({ keys: r.keys, scores: r.scores, total: r.total }))).toEqual(expected);
  });

  it('refuses postings outside the buffer (a detached one), fails the jobs of a thread that stops, then starts threads anew', async () => {
    const own = new ScoreThreads(1);
    const job = postings(7, [1000], 10_000);
    const sent = job.buffer.slice(0);
    structuredClone(sent, { transfer: [sent] });
    await expect(own.run({ buffer: sent, terms: job.terms, maxKey: 9_999, depth: 5 })).rejects.toThrow(/postings 0–1000 are not in a buffer of 0 bytes/);
    const inHand = own.run({ buffer: job.buffer.slice(0), terms: job.terms, maxKey: 9_999, depth: 5 });
    await own.close();
    await expect(inHand).rejects.toThrow(/scoring thread/);
    const again = await own.run({ buffer: job.buffer.slice(0), terms: job.terms, maxKey: 9_999, depth: 5 });
    expect(again.keys).toEqual(scoreHere(job, 9_999, 5).keys);
    await own.close();
  });

  it('passes its start check, and refuses a thread program that fails or answers differently', async () => {
    await expect(threads.check()).resolves.toBeUndefined();
    const failing = new ScoreThreads(1, `require('node:worker_threads').parentPort.on('message', () => { throw new Error('broken on purpose'); });`);
    await expect(failing.check()).rejects.toThrow(/do not work in this build \(broken on purpose\); SEARCH_THREADS=0/);
    await failing.close();
    const wrong = new ScoreThreads(
      1,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, keys: [7], scores: [1], total: 1, buffer: job.buffer }, [job.buffer]));`,
    );
    await expect(wrong.check()).rejects.toThrow(/answer differently/);
    await wrong.close();
  });

  it('takes its size from SEARCH_THREADS, one fewer than the cores by default, and refuses nonsense', () => {
    expect(scoreThreadCount({ SEARCH_THREADS: '0' })).toBe(0);
    expect(scoreThreadCount({ SEARCH_THREADS: ' 3 ' })).toBe(3);
    expect(scoreThreadCount({})).toBe(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
    expect(() => scoreThreadCount({ SEARCH_THREADS: 'many' })).toThrow(/SEARCH_THREADS/);
    expect(() => scoreThreadCount({ SEARCH_THREADS: '-1' })).toThrow(/SEARCH_THREADS/);
  });
});

describe('searches scored on threads', () => {
  const words = ['protein', 'folding', 'neural', 'network', 'galaxy', 'cluster', 'citation', 'graph', 'quantum', 'error', 'correction', 'retrieval'];
  const paper = (n: number, next: () => number): Paper => {
    const pick = (k: number) => Array.from({ length: k }, () => words[Math.floor(next() * words.length)]).join(' ');
    return {
      id: `t${n}`,
      title: pick(4),
      abstract: pick(12),
      authors: [],
      issued: null,
      container: null,
      doi: null,
      arxivId: null,
      pmid: null,
      url: null,
      language: 'en',
      type: 'article-journal',
      fields: [],
      keywords: [],
      source: 'test',
    };
  };
  let handle: DatabaseHandle;
  const threads = new ScoreThreads(2);
  beforeAll(async () => {
    handle = await createTestDatabase([migrations]);
    const next = random(42);
    await upsertPapers(
      handle.db,
      Array.from({ length: 1500 }, (_, n) => paper(n, next)),
    );
    await refreshStatistics(handle.db);
  });
  afterAll(async () => {
    await threads.close();
    await handle?.close();
  });

  it('find the same papers with the same scores and totals as searches scored here, page by page', async () => {
    for (const query of ['protein folding', 'neural network graph citation', 'quantum error correction retrieval galaxy', 'cluster']) {
      for (const offset of [0, 20, 1490]) {
        // Every posting of this corpus is within the budget, so exact BM25 (scored with Scores) reads the same.
        const exact = await searchLocal(handle.db, { query, offset, exhaustive: true });
        const here = await searchLocal(handle.db, { query, offset, scoring: { threads: null } });
        const there = await searchLocal(handle.db, { query, offset, scoring: { threads, minPostings: 0 } });
        expect(here, `${query} from ${offset}`).toEqual(exact);
        expect(there, `${query} from ${offset}`).toEqual(exact);
        if (offset === 0) expect(here.hits).toHaveLength(20);
      }
    }
  });

  it('rank a search on the thread serving it when its scoring thread dies, with the same answer', async () => {
    // Threads stopped right after each job is handed over: the job fails as it would if its thread crashed.
    class Dying extends ScoreThreads {
      override run(job: Parameters<ScoreThreads['run']>[0]) {
        const result = super.run(job);
        void this.close();
        return result;
      }
    }
    const dying = new Dying(1);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const query = 'neural network graph citation';
      const answer = await searchLocal(handle.db, { query, scoring: { threads: dying, minPostings: 0 } });
      expect(answer).toEqual(await searchLocal(handle.db, { query, exhaustive: true }));
      expect(String(logged.mock.calls[0]?.[0])).toContain('scoring thread failed');
    } finally {
      logged.mockRestore();
      await dying.close();
    }
  });
});
