// Scoring on threads of its own. At a million papers a search with common words adds up ~230,000 weights and picks
// the best of ~200,000 matches: most of its CPU in Node (bench/README.md). On the thread that serves requests, four
// such searches at once take turns, each waiting for the others; here the decoded postings are handed over
// (transferred, not copied) to a scoring thread, which ranks them (rankPostings, score-kernel.ts) and answers with
// the best papers, their scores and the number of matches, handing the buffer back for reuse.
//
// A thread is started from source text (rankPostings and `serve` below, as their own text) rather than
// from a file: the package is compiled into the web app's server bundle, where a file beside this one is not there
// to be found.
import os from 'node:os';
import { Worker, type MessagePort } from 'node:worker_threads';
import { rankPostings, type RankedTerm } from './score-kernel';

export interface ScoreJob {
  /** Decoded postings in this machine's byte order (postings.ts): paper int32, weight float32. Transferred. */
  buffer: ArrayBuffer;
  /** Where each term's postings are in the buffer, in the order to add them (rarest first, as Scores adds them). */
  terms: RankedTerm[];
  maxKey: number;
  /** How many of the best to return. */
  depth: number;
}

export interface ScoreResult {
  /** The best keys, best first (score descending, then key ascending), with their scores. */
  keys: number[];
  scores: number[];
  /** Papers with a score. */
  total: number;
  /** The job's buffer, back. */
  buffer: ArrayBuffer;
}

interface Request extends ScoreJob {
  id: number;
}

type Reply = { id: number; buffer: ArrayBuffer } & ({ keys: number[]; scores: number[]; total: number } | { error: string });

/** The scoring thread's loop; runs from its own text, so it must use nothing but its parameters. */
function serve(port: MessagePort, rank: typeof rankPostings) {
  // One search at a time per thread: one score array, kept (fresh memory costs a page fault per 4 kB).
  let values = new Float64Array(0);
  port.on('message', (job: Request) => {
    let reply: Reply;
    try {
      const limit = job.maxKey + 1;
      if (values.length < limit) values = new Float64Array(Math.ceil(limit * 1.25));
      // Whole postings only: a pooled buffer is rarely a multiple of 8 bytes long.
      const words = Math.floor(job.buffer.byteLength / 8) * 2;
      const ranked = rank(values, limit, new Int32Array(job.buffer, 0, words), new Float32Array(job.buffer, 0, words), job.terms, job.depth);
      reply = { id: job.id, ...ranked, buffer: job.buffer };
    } catch (error) {
      // The array may be left dirty: the next search starts with a fresh one.
      values = new Float64Array(0);
      reply = { id: job.id, error: String((error as Error)?.stack ?? error), buffer: job.buffer };
    }
    port.postMessage(reply, [job.buffer]);
  });
}

const SOURCE = [
  "'use strict';",
  // esbuild's keepNames (tsx, the benchmarks' runner) wraps named functions in calls to a helper of the module;
  // the copied text keeps the calls, so the thread defines the helper as the identity.
  'var __name = (target) => target;',
  `(${serve.toString()})(require('node:worker_threads').parentPort, ${rankPostings.toString()});`,
].join('\n');

interface Thread {
  worker: Worker;
  jobs: Set<number>;
}

/** A fixed number of scoring threads, started on first use; a job goes to the one with the fewest in hand. */
export class ScoreThreads {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, { resolve: (result: ScoreResult) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  /** `source` is the thread's program; tests give another to see a broken one refused. */
  constructor(
    readonly size: number,
    private readonly source = SOURCE,
  ) {}

  /**
   * Ranks a small job on a thread and on this one, and fails unless both answer alike. For the start of a server:
   * the thread's program is this module's own text, so a build that changed it (a bundler, a minifier) would
   * otherwise show only as every large search falling back to the serving thread.
   */
  async check() {
    // Two terms over ten papers: ties, a paper in both, a key past the end of the first term.
    const pairs: [number, number][] = [
      [3, 2.5],
      [7, 1.25],
      [1, 1.25],
      [7, 3],
      [9, 0.5],
      [2, 1.25],
    ];
    const buffer = new ArrayBuffer(pairs.length * 8);
    const ints = new Int32Array(buffer);
    const floats = new Float32Array(buffer);
    pairs.forEach(([key, weight], i) => {
      ints[2 * i] = key;
      floats[2 * i + 1] = weight;
    });
    const terms: RankedTerm[] = [
      { first: 0, count: 3, idf: 1.5 },
      { first: 3, count: 3, idf: 0.75 },
    ];
    const expected = rankPostings(new Float64Array(11), 11, ints, floats, terms, 4);
    let answer: ScoreResult;
    try {
      answer = await this.run({ buffer: buffer.slice(0), terms, maxKey: 10, depth: 4 });
    } catch (error) {
      throw new Error(`scoring threads do not work in this build (${(error as Error).message.split('\n')[0]}); SEARCH_THREADS=0 searches without them`);
    }
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((value, i) => value === b[i]);
    if (answer.total !== expected.total || !same(answer.keys, expected.keys) || !same(answer.scores, expected.scores)) {
      throw new Error(`scoring threads answer differently from the serving thread in this build; SEARCH_THREADS=0 searches without them`);
    }
  }

  run(job: ScoreJob): Promise<ScoreResult> {
    // A detached buffer would be sent as an empty one and scored as no postings at all.
    const outside = job.terms.find((term) => (term.first + term.count) * 8 > job.buffer.byteLength);
    if (outside)
      return Promise.reject(
        new Error(`scoring: postings ${outside.first}–${outside.first + outside.count} are not in a buffer of ${job.buffer.byteLength} bytes`),
      );
    const thread = this.pick();
    const id = this.nextId++;
    return new Promise<ScoreResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.jobs.add(id);
      // Kept alive while it has work: an idle thread must not hold the process open.
      thread.worker.ref();
      const request: Request = { id, ...job };
      try {
        thread.worker.postMessage(request, [job.buffer]);
      } catch (error) {
        // A buffer that cannot be transferred (already detached): nothing reached the thread.
        this.settled(thread, id);
        reject(error as Error);
      }
    });
  }

  /** Stops every thread; jobs in hand fail. */
  async close() {
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private pick(): Thread {
    const idle = this.threads.reduce<Thread | undefined>((best, thread) => (!best || thread.jobs.size < best.jobs.size ? thread : best), undefined);
    if (idle && (idle.jobs.size === 0 || this.threads.length >= this.size)) return idle;
    return this.start();
  }

  private settled(thread: Thread, id: number) {
    thread.jobs.delete(id);
    this.pending.delete(id);
    if (thread.jobs.size === 0) thread.worker.unref();
  }

  private start(): Thread {
    const thread: Thread = { worker: new Worker(this.source, { eval: true, name: 'citewise-score' }), jobs: new Set() };
    thread.worker.unref();
    thread.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.settled(thread, reply.id);
      if (!waiting) return;
      if ('error' in reply) waiting.reject(new Error(`scoring thread: ${reply.error}`));
      else waiting.resolve(reply);
    });
    // A thread that dies fails its jobs and is replaced by the next job that needs one.
    const fail = (error: Error) => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      for (const id of thread.jobs) {
        this.pending.get(id)?.reject(error);
        this.pending.delete(id);
      }
      thread.jobs.clear();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => fail(new Error(`scoring thread exited (code ${code})`)));
    this.threads.push(thread);
    return thread;
  }
}

/**
 * How many scoring threads a process keeps: `SEARCH_THREADS` (`0` for none), by default one fewer than the machine's
 * cores, at least one and at most four (each keeps a score array of 8 bytes per paper, and a quarter more for growth).
 */
export function scoreThreadCount(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SEARCH_THREADS?.trim();
  if (raw) {
    if (!/^\d+$/.test(raw)) throw new Error(`SEARCH_THREADS must be a whole number of threads (0 for none), not "${raw}"`);
    return Math.min(Number(raw), 64);
  }
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

let shared: ScoreThreads | null | undefined;

/** This process's scoring threads (created on first use from `SEARCH_THREADS`), or null if there are none. */
export function scoreThreads(): ScoreThreads | null {
  if (shared === undefined) {
    const count = scoreThreadCount();
    shared = count > 0 ? new ScoreThreads(count) : null;
  }
  return shared;
}
