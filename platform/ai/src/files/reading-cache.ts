// Readings of documents kept by content, so that each message naming a file does not read it again: bounded in
// entries and in characters of text, least recently used first out.

export interface CacheLimits {
  entries: number;
  /** Characters of text held in all. */
  chars: number;
}

interface Entry<T> {
  value: T;
  chars: number;
  /** performance.now() after which the entry is gone; Infinity for a reading that will not change. */
  expiresAt: number;
}

export class ReadingCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private chars = 0;
  /** Readings under way, so that two messages naming one new file read it once. */
  private readonly pending = new Map<string, Promise<T>>();

  constructor(private readonly limits: CacheLimits) {}

  get size() {
    return this.entries.size;
  }

  get heldChars() {
    return this.chars;
  }

  /**
   * The cached value of `key`, or the one `read` gives (awaited once however many ask meanwhile), stored for `ttlMs`
   * as `charsOf` says it weighs. A rejected read is not stored.
   */
  async get(key: string, read: () => Promise<T>, charsOf: (value: T) => number, ttlMs: (value: T) => number): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > performance.now()) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key);
    const running = this.pending.get(key);
    if (running) return running;
    const reading = read().then((value) => {
      this.store(key, value, charsOf(value), ttlMs(value));
      return value;
    });
    this.pending.set(key, reading);
    try {
      return await reading;
    } finally {
      this.pending.delete(key);
    }
  }

  private store(key: string, value: T, chars: number, ttlMs: number) {
    // One reading larger than the whole budget is not kept at all rather than emptying the cache for it.
    if (chars > this.limits.chars) return;
    this.remove(key);
    this.entries.set(key, { value, chars, expiresAt: performance.now() + ttlMs });
    this.chars += chars;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && this.chars <= this.limits.chars) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}
