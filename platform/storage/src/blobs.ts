// Where an object's bytes live. A blob is written once under a fresh version id and never changed: an overwrite
// writes a new blob and the row switches to it, so a reader of the old version never sees half of the new one.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors';

export interface WrittenBlob {
  version: string;
  size: number;
  /** Quoted MD5 of the bytes, S3's single-part ETag. */
  eTag: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface BlobStore {
  /** Streams `body` into a new blob; over `limit` bytes it stops reading, leaves nothing behind and throws 413. */
  write(body: Readable, limit: number): Promise<WrittenBlob>;
  read(version: string, range?: ByteRange): Promise<Readable>;
  copy(version: string): Promise<string>;
  remove(version: string): Promise<void>;
}

/** Counts and hashes bytes as they pass; fails the stream as soon as `limit` is crossed. */
export class Meter extends Transform {
  /** Bytes seen so far (not `size`: upload helpers read that as a Blob's known length). */
  bytes = 0;
  private readonly hash = createHash('md5');
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return callback(errors.tooLarge());
    this.hash.update(chunk);
    callback(null, chunk);
  }
  get eTag() {
    return `"${this.hash.digest('hex')}"`;
  }
}

/** Bytes on local disk: `<root>/objects/<2 hex>/<version>`, written to `<root>/tmp` first and renamed into place. */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private file(version: string) {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a blob version: ${version}`);
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }

  /** Drops temp files a crash left behind (a half-written upload never had a row). */
  async init(): Promise<void> {
    await fs.rm(path.join(this.root, 'tmp'), { recursive: true, force: true });
    await fs.mkdir(path.join(this.root, 'tmp'), { recursive: true });
    await fs.mkdir(path.join(this.root, 'objects'), { recursive: true });
  }

  /**
   * Removes blobs no row names, older than `minAgeMs`: what a crash between a blob's rename and its row's commit left
   * behind. `known` answers which of some versions still have a row.
   */
  async sweep(known: (versions: string[]) => Promise<Set<string>>, minAgeMs = 3600_000): Promise<number> {
    const root = path.join(this.root, 'objects');
    const cutoff = Date.now() - minAgeMs;
    let removed = 0;
    for (const dir of await fs.readdir(root)) {
      const files = await fs.readdir(path.join(root, dir));
      for (let i = 0; i < files.length; i += 500) {
        const batch = files.slice(i, i + 500).filter((f) => /^[0-9a-f-]{36}$/.test(f));
        const alive = await known(batch);
        for (const version of batch) {
          if (alive.has(version)) continue;
          const stat = await fs.stat(path.join(root, dir, version)).catch(() => null);
          if (stat && stat.mtimeMs < cutoff) {
            await this.remove(version);
            removed++;
          }
        }
      }
    }
    return removed;
  }

  async write(body: Readable, limit: number): Promise<WrittenBlob> {
    const version = randomUUID();
    const temp = path.join(this.root, 'tmp', `${version}.part`);
    const meter = new Meter(limit);
    // `flush`: the bytes reach the disk before the rename makes them visible.
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(body, meter, file);
    } catch (error) {
      body.destroy();
      // The pipeline can fail before the file has finished opening, and a destroyed stream still opens (creating the
      // file) before it closes: removed only once it is closed, so that nothing is created after the removal.
      if (!file.closed) await once(file, 'close').catch(() => {});
      await fs.rm(temp, { force: true });
      throw error;
    }
    const target = this.file(version);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
    return { version, size: meter.bytes, eTag: meter.eTag };
  }

  async read(version: string, range?: ByteRange): Promise<Readable> {
    const file = this.file(version);
    // Opened before answering, so a missing blob is an error the route can report rather than a broken stream.
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw errors.blobMissing();
      throw error;
    });
    return handle.createReadStream({ start: range?.start, end: range?.end, highWaterMark: 1024 * 1024 });
  }

  async copy(version: string): Promise<string> {
    const next = randomUUID();
    const temp = path.join(this.root, 'tmp', `${next}.part`);
    try {
      await fs.copyFile(this.file(version), temp);
    } catch (error) {
      await fs.rm(temp, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw errors.blobMissing();
      throw error;
    }
    const target = this.file(next);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
    return next;
  }

  async remove(version: string): Promise<void> {
    await fs.rm(this.file(version), { force: true });
  }
}

export const emptyStream = () => Readable.from([]);
