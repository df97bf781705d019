// Reading the packed postings of a search's terms (scholar.term_blocks), decoded into arrays that scoring walks in one
// pass.
//
// Why this shape (bench/search/scale.ts at 1M papers): a search with common words reads ~1,100 blocks (250,000
// postings, 2 MB). Reading each block through a DataView and letting the driver turn every hex bytea into a fresh
// Buffer cost most of a search's time in Node; the hex text is written instead into one reused buffer, byte-swapped
// in place (the blocks are big-endian, int4send || float4send) and read through two typed-array views of it. Fresh
// memory is what costs on a virtual machine (a page fault per 4 kB, tens of microseconds each), so the buffers are
// pooled. (A per-process cache of the commonest terms' decoded postings was measured and left out: see bench/README.md.)
import { sql } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';
import { pgTextArray } from './pg-array';
import { BLOCK_POSTINGS } from './ranking';

type Db = Pick<Database, 'execute'>;

/**
 * A term's postings as read: in block order (strongest first), posting i is paper `ints[2i]` with weight
 * `floats[2i + 1]` (one array, two views), `count` of them.
 */
export interface TermPostings {
  ints: Int32Array;
  floats: Float32Array;
  count: number;
}

/** What a search asks for: the first `blocks` blocks of each term (fewer if the term has fewer). */
export interface PostingsRequest {
  term: string;
  blocks: number;
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

/** The first `blocks` blocks of each requested term, decoded, in one statement. */
export async function readTermPostings(db: Db, requests: PostingsRequest[]): Promise<ReadPostings> {
  const wanted = requests.filter((r) => r.blocks > 0);
  const result = new Map<string, TermPostings>();
  if (wanted.length === 0) return { get: () => undefined, release: () => {} };
  // Hex text rather than bytea: the driver would make a Buffer of every block; this writes them all into one.
  const rows = await queryRows<{ term: string; block: number; hex: string }>(db, sql`
    select b.term, b.block, encode(b.postings, 'hex') as hex
    from scholar.term_blocks b
    join unnest(${pgTextArray(wanted.map((r) => r.term))}::text[], ${`{${wanted.map((r) => r.blocks).join(',')}}`}::int[]) as w (term, blocks)
      on b.term = w.term and b.block < w.blocks`);
  // Each term's blocks go to their place in its region of the buffer: block k starts k full blocks in (every block
  // but a term's last is full).
  const index = new Map(wanted.map((r, i) => [r.term, i]));
  const lengths = wanted.map(() => 0);
  const at = (row: { block: number }) => Number(row.block) * BLOCK_POSTINGS * 8;
  for (const row of rows) {
    const i = index.get(row.term)!;
    lengths[i] = Math.max(lengths[i]!, at(row) + row.hex.length / 2);
  }
  const starts: number[] = [];
  let total = 0;
  for (const length of lengths) {
    starts.push(total);
    total += length;
  }
  const buffer = scratch(total);
  for (const row of rows) buffer.write(row.hex, starts[index.get(row.term)!]! + at(row), 'hex');
  wanted.forEach((r, i) => {
    const bytes = lengths[i]!;
    const start = starts[i]!;
    // In place: the big-endian int4 and float4 of each posting become this machine's order.
    swap(buffer, start, bytes);
    result.set(r.term, {
      ints: new Int32Array(buffer.buffer, buffer.byteOffset + start, bytes / 4),
      floats: new Float32Array(buffer.buffer, buffer.byteOffset + start, bytes / 4),
      count: bytes / 8,
    });
  });
  let released = false;
  return {
    get: (term) => result.get(term),
    release() {
      if (released) return;
      released = true;
      if (scratchPool.length < SCRATCH_POOL_SIZE && buffer.byteLength <= MAX_POOLED) scratchPool.push(buffer);
    },
  };
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Big-endian 4-byte values of `buffer[start … start + bytes)` to this machine's order, in place. */
function swap(buffer: Buffer, start: number, bytes: number) {
  if (littleEndian) buffer.subarray(start, start + bytes).swap32();
}
