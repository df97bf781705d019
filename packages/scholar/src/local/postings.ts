// Reading the packed postings of a search's terms (scholar.term_blocks), decoded into arrays that scoring walks in one
// pass, and a bounded per-process cache of the decoded postings of the commonest terms.
//
// Why this shape (bench/search/scale.ts at 1M papers): a search with common words reads ~1,100 blocks (250,000
// postings, 2 MB). Reading each block through a DataView and letting the driver turn every hex bytea into a fresh
// Buffer cost most of a search's time in Node; the hex text is written instead into one reused buffer, byte-swapped
// in place (the blocks are big-endian, int4send || float4send) and read through two typed-array views of it. The
// commonest words ("model", "using") recur in most queries: their decoded postings are kept, so a search reads and
// decodes only its rarer terms. The cache is dropped whenever corpus_stats.refreshed_at changes (refreshStatistics
// rewrites the blocks in the same transaction that sets it), so it never serves blocks of an older index.
import { sql } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS } from './ranking';

type Db = Pick<Database, 'execute'>;

/** A term's postings in block order: posting i is paper `ints[2i]` with weight `floats[2i + 1]` (one array, two views). */
export interface TermPostings {
  ints: Int32Array;
  floats: Float32Array;
  count: number;
}

/** What a search asks for: the first `blocks` blocks of each term (fewer if the term has fewer). */
export interface PostingsRequest {
  term: string;
  blocks: number;
  /** The term's document frequency: how many postings it has in all. */
  documents: number;
}

/** Decoded postings kept at most (8 bytes each): 64 MB, the full budget share of about 32 of the commonest terms. */
export const CACHE_POSTINGS = 8_000_000;
/** Terms read with fewer blocks than this are not kept: rare terms are cheap to read and there are many of them. */
export const CACHE_MIN_BLOCKS = 8;

interface CachedTerm {
  postings: TermPostings;
  /** Blocks held: the first `blocks` of the term (all of them when `blocks * BLOCK_POSTINGS >= documents`). */
  blocks: number;
}

/** The cache, least recently used first (a Map keeps insertion order), of the index version `version`. */
const cache = { version: '', entries: new Map<string, CachedTerm>(), postings: 0, enabled: true, capacity: CACHE_POSTINGS, minBlocks: CACHE_MIN_BLOCKS };

/**
 * Empties the cache and sets it up: off to measure searches without it (bench/search), or with a smaller capacity
 * and threshold (tests, whose corpora are small). Omitted settings go back to the defaults.
 */
export function configurePostingsCache(settings: { enabled?: boolean; capacity?: number; minBlocks?: number } = {}) {
  cache.enabled = settings.enabled ?? true;
  cache.capacity = settings.capacity ?? CACHE_POSTINGS;
  cache.minBlocks = settings.minBlocks ?? CACHE_MIN_BLOCKS;
  cache.entries.clear();
  cache.postings = 0;
}

/** Postings held by the cache now, and terms: for tests and the bench. */
export function postingsCacheSize() {
  return { postings: cache.postings, terms: cache.entries.size };
}

/** Reused buffers the hex text of a search's blocks is decoded into; a fresh one costs a page fault per 4 kB. */
const scratchPool: Buffer[] = [];
const SCRATCH_POOL_SIZE = 8;
/** A larger buffer (an exhaustive read, for evaluation) is not kept. */
const MAX_POOLED = 16 * 1024 * 1024;

function scratch(bytes: number): Buffer {
  const reused = scratchPool.findIndex((buffer) => buffer.byteLength >= bytes);
  // allocUnsafeSlow: a buffer of its own at offset 0, so 4-byte typed-array views of it are aligned.
  return reused >= 0 ? scratchPool.splice(reused, 1)[0]! : Buffer.allocUnsafeSlow(Math.max(64 * 1024, Math.ceil(bytes * 1.25)));
}

/** A search's decoded postings, per term; `release` returns the buffers they point into once scoring is done. */
export interface ReadPostings {
  get(term: string): TermPostings | undefined;
  release(): void;
}

/**
 * The first `blocks` blocks of each requested term, decoded. Terms the cache holds far enough come from it; the
 * others (or the part beyond what the cache holds) are read in one statement. `version` is corpus_stats.refreshed_at
 * as the search read it with its terms; `keep: false` (exhaustive reads, for evaluation) leaves the cache as it is.
 */
export async function readTermPostings(db: Db, requests: PostingsRequest[], version: string, keep = true): Promise<ReadPostings> {
  if (cache.version !== version) {
    cache.entries.clear();
    cache.postings = 0;
    cache.version = version;
  }
  const result = new Map<string, TermPostings>();
  const missing: Array<{ request: PostingsRequest; from: number; cached?: CachedTerm }> = [];
  for (const request of requests) {
    if (request.blocks <= 0) continue;
    const cached = cache.enabled ? cache.entries.get(request.term) : undefined;
    if (cached) {
      // Most recently used goes last.
      cache.entries.delete(request.term);
      cache.entries.set(request.term, cached);
    }
    const whole = cached && cached.blocks * BLOCK_POSTINGS >= request.documents;
    if (cached && (whole || cached.blocks >= request.blocks)) {
      const count = Math.min(cached.postings.count, request.blocks * BLOCK_POSTINGS);
      result.set(request.term, { ...cached.postings, count });
    } else if (keep && cached) missing.push({ request, from: cached.blocks, cached });
    else missing.push({ request, from: 0 });
  }
  const buffers: Buffer[] = [];
  if (missing.length) {
    // Hex text rather than bytea: the driver would make a Buffer of every block; this writes them all into one.
    const rows = await queryRows<{ term: string; block: number; hex: string }>(db, sql`
      select b.term, b.block, encode(b.postings, 'hex') as hex
      from scholar.term_blocks b
      join unnest(${pgTextArray(missing.map((m) => m.request.term))}::text[], ${`{${missing.map((m) => m.from).join(',')}}`}::int[], ${`{${missing.map((m) => m.request.blocks).join(',')}}`}::int[]) as w (term, first, upto)
        on b.term = w.term and b.block >= w.first and b.block < w.upto`);
    // Each term's blocks go to their place in its region of the buffer: block k of a range starts k full blocks in
    // (every block but a term's last is full).
    const index = new Map(missing.map((m, i) => [m.request.term, i]));
    const lengths = missing.map(() => 0);
    const at = (row: { block: number }, i: number) => (Number(row.block) - missing[i]!.from) * BLOCK_POSTINGS * 8;
    for (const row of rows) {
      const i = index.get(row.term)!;
      lengths[i] = Math.max(lengths[i]!, at(row, i) + row.hex.length / 2);
    }
    const starts: number[] = [];
    let total = 0;
    for (const length of lengths) {
      starts.push(total);
      total += length;
    }
    const buffer = scratch(total);
    buffers.push(buffer);
    for (const row of rows) {
      const i = index.get(row.term)!;
      buffer.write(row.hex, starts[i]! + at(row, i), 'hex');
    }
    missing.forEach((m, i) => {
      const bytes = lengths[i]!;
      const start = starts[i]!;
      // In place: the big-endian int4 and float4 of each posting become this machine's order.
      if (bytes) swap(buffer, start, bytes);
      const read: TermPostings = {
        ints: new Int32Array(buffer.buffer, buffer.byteOffset + start, bytes / 4),
        floats: new Float32Array(buffer.buffer, buffer.byteOffset + start, bytes / 4),
        count: bytes / 8,
      };
      const blocks = m.from + Math.ceil(read.count / BLOCK_POSTINGS);
      if (!m.cached && (!keep || !cache.enabled || m.request.blocks < cache.minBlocks)) {
        result.set(m.request.term, read);
        return;
      }
      // Kept: the cached blocks and the ones read, copied out of the shared buffer into arrays of their own.
      const previous = m.cached?.postings.count ?? 0;
      const ints = new Int32Array(2 * (previous + read.count));
      if (m.cached) ints.set(m.cached.postings.ints.subarray(0, 2 * previous));
      ints.set(read.ints, 2 * previous);
      const postings = { ints, floats: new Float32Array(ints.buffer), count: previous + read.count };
      // A refresh seen by another search while this one read: its blocks may be the older index's.
      if (cache.version === version) remember(m.request.term, { postings, blocks });
      result.set(m.request.term, postings);
    });
  }
  return {
    get: (term) => result.get(term),
    release() {
      for (const buffer of buffers) if (scratchPool.length < SCRATCH_POOL_SIZE && buffer.byteLength <= MAX_POOLED) scratchPool.push(buffer);
      buffers.length = 0;
    },
  };
}

function remember(term: string, entry: CachedTerm) {
  const old = cache.entries.get(term);
  if (old) cache.postings -= old.postings.count;
  cache.entries.delete(term);
  if (entry.postings.count > cache.capacity) return;
  cache.entries.set(term, entry);
  cache.postings += entry.postings.count;
  for (const [name, evicted] of cache.entries) {
    if (cache.postings <= cache.capacity) break;
    cache.entries.delete(name);
    cache.postings -= evicted.postings.count;
  }
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Big-endian 4-byte values of `buffer[start … start + bytes)` to this machine's order, in place. */
function swap(buffer: Buffer, start: number, bytes: number) {
  if (littleEndian) buffer.subarray(start, start + bytes).swap32();
}
