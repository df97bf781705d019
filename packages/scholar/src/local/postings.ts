// Reading the packed postings of a search's terms (scholar.term_blocks), decoded into arrays that scoring walks in one
// pass.
//
// Why this shape (bench/search/scale.ts at 1M papers): a search with common words reads ~1,100 blocks (250,000
// postings, 2 MB). Handing those bytes over is most of a search's time in Node. On a PostgreSQL server they come as
// they are stored, through `COPY … TO STDOUT (format binary)` (node-postgres would turn a bytea into text: hex, twice
// the bytes, then parsed); on PGlite, and inside a transaction, as hex text. Either way they are written into one
// reused buffer, byte-swapped in place (the blocks are big-endian, int4send || float4send) and read through two
// typed-array views of it. Fresh memory is what costs on a virtual machine (a page fault per 4 kB, tens of
// microseconds each), so the buffers are pooled. (A per-process cache of the commonest terms' decoded postings was
// measured and left out: see bench/README.md.)
import { sql } from '@citewise/db/orm';
import { copyOut, escapeLiteral, queryRows, type Database } from '@citewise/db';
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
  /**
   * Every term's postings as one pair of views from the start of the memory they are in: a term's postings start
   * at posting `ints.byteOffset / 8` of these.
   */
  views(): Pick<TermPostings, 'ints' | 'floats'>;
  /**
   * The memory every term's postings are in (their `ints.byteOffset` is their place in it), given up to be
   * transferred to another thread: the views are unusable afterwards. Give it back with `reuseBuffer`.
   */
  handOver(): ArrayBuffer;
}

/** What a read of no terms answers. */
const NO_POSTINGS: ReadPostings = {
  get: () => undefined,
  release: () => {},
  views: () => ({ ints: new Int32Array(0), floats: new Float32Array(0) }),
  handOver: () => new ArrayBuffer(0),
};

/** Takes back a buffer of `handOver` for later reads. */
export function reuseBuffer(buffer: ArrayBuffer) {
  release(Buffer.from(buffer));
}

/** Where one block's bytes are: in `source` (a row's hex text, or the received COPY data) at `at`, `bytes` long. */
interface BlockRef {
  term: number;
  block: number;
  at: number;
  bytes: number;
  hex?: string;
}

/**
 * The first `blocks` blocks of each requested term, decoded, in one statement. `via` is for tests: `text` reads
 * as PGlite does, even on a PostgreSQL server.
 */
export async function readTermPostings(db: Db, requests: PostingsRequest[], via: 'copy' | 'text' = 'copy'): Promise<ReadPostings> {
  const wanted = requests.filter((r) => r.blocks > 0);
  const result = new Map<string, TermPostings>();
  if (wanted.length === 0) return NO_POSTINGS;
  const terms = pgTextArray(wanted.map((r) => r.term));
  const blocks = `{${wanted.map((r) => r.blocks).join(',')}}`;
  const copied =
    via === 'copy'
      ? await copyOut(
          db,
          `copy (
          select w.i::int4, b.block, b.postings
          from unnest(${escapeLiteral(terms)}::text[], ${escapeLiteral(blocks)}::int[]) with ordinality as w (term, blocks, i)
          join scholar.term_blocks b on b.term = w.term and b.block < w.blocks
        ) to stdout (format binary)`,
        )
      : null;
  let refs: BlockRef[];
  let source: Buffer | null = null;
  if (copied) {
    source = scratch(copied.reduce((sum, chunk) => sum + chunk.byteLength, 0));
    let offset = 0;
    for (const chunk of copied) offset += chunk.copy(source, offset);
    refs = parseCopiedBlocks(source, offset, wanted.length);
  } else {
    // Hex text rather than bytea: the driver would make a Buffer of every block; this writes them all into one.
    const rows = await queryRows<{ term: string; block: number; hex: string }>(
      db,
      sql`
      select b.term, b.block, encode(b.postings, 'hex') as hex
      from scholar.term_blocks b
      join unnest(${terms}::text[], ${blocks}::int[]) as w (term, blocks)
        on b.term = w.term and b.block < w.blocks`,
    );
    const index = new Map(wanted.map((r, i) => [r.term, i]));
    refs = rows.map((row) => ({ term: index.get(row.term)!, block: Number(row.block), at: 0, bytes: row.hex.length / 2, hex: row.hex }));
  }
  // Each term's blocks go to their place in its region of the buffer: block k starts k full blocks in (every block
  // but a term's last is full).
  const offsetOf = (ref: BlockRef) => ref.block * BLOCK_POSTINGS * 8;
  const lengths = wanted.map(() => 0);
  for (const ref of refs) lengths[ref.term] = Math.max(lengths[ref.term]!, offsetOf(ref) + ref.bytes);
  const starts: number[] = [];
  let total = 0;
  for (const length of lengths) {
    starts.push(total);
    total += length;
  }
  const buffer = scratch(total);
  for (const ref of refs) {
    const to = starts[ref.term]! + offsetOf(ref);
    if (ref.hex !== undefined) buffer.write(ref.hex, to, 'hex');
    else source!.copy(buffer, to, ref.at, ref.at + ref.bytes);
  }
  if (source) release(source);
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
    views() {
      // Whole postings only: the buffer is rarely a multiple of 8 bytes long.
      const words = Math.floor(buffer.byteLength / 8) * 2;
      return { ints: new Int32Array(buffer.buffer, buffer.byteOffset, words), floats: new Float32Array(buffer.buffer, buffer.byteOffset, words) };
    },
    release() {
      if (released) return;
      released = true;
      release(buffer);
    },
    handOver() {
      if (released) throw new Error('term postings: already released');
      released = true;
      return buffer.buffer as ArrayBuffer;
    },
  };
}

function release(buffer: Buffer) {
  if (scratchPool.length < SCRATCH_POOL_SIZE && buffer.byteLength <= MAX_POOLED) scratchPool.push(buffer);
}

/** PostgreSQL's binary COPY signature: `PGCOPY\n\xff\r\n\0`. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The blocks in binary COPY data of rows (term's 1-based place in the request as int4, block as int4, postings as
 * bytea): each one's place in `data`, not copied. `data[0 … end)` is the data; `terms` is how many terms were asked
 * for. The reader writes each block at its place by number, so a row that does not fit (cut data, a block longer
 * than BLOCK_POSTINGS postings, a term not asked for) is refused rather than written over another's postings.
 */
export function parseCopiedBlocks(data: Buffer, end: number, terms: number): BlockRef[] {
  const broken = (what: string) => new Error(`term blocks: ${what} in the COPY data`);
  if (end < 19 || !data.subarray(0, 11).equals(COPY_SIGNATURE)) throw new Error('term blocks: not PostgreSQL binary COPY data');
  let at = 19 + data.readInt32BE(15);
  const refs: BlockRef[] = [];
  for (;;) {
    if (at + 2 > end) throw broken('no end marker');
    const fields = data.readInt16BE(at);
    at += 2;
    if (fields === -1) {
      if (at !== end) throw broken('bytes after the end marker');
      return refs;
    }
    if (at + 20 > end) throw broken('a row cut short');
    if (fields !== 3 || data.readInt32BE(at) !== 4 || data.readInt32BE(at + 8) !== 4) throw new Error('term blocks: unexpected COPY row');
    const term = data.readInt32BE(at + 4) - 1;
    const block = data.readInt32BE(at + 12);
    const bytes = data.readInt32BE(at + 16);
    if (term < 0 || term >= terms || block < 0 || bytes < 0 || bytes % 8 !== 0 || bytes > BLOCK_POSTINGS * 8 || at + 20 + bytes > end) {
      throw broken(`a row that does not fit (term ${term + 1} of ${terms}, block ${block}, ${bytes} bytes)`);
    }
    refs.push({ term, block, at: at + 20, bytes });
    at += 20 + bytes;
  }
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Big-endian 4-byte values of `buffer[start … start + bytes)` to this machine's order, in place. */
function swap(buffer: Buffer, start: number, bytes: number) {
  if (littleEndian) buffer.subarray(start, start + bytes).swap32();
}
