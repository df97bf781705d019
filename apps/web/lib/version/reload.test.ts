import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RELOAD_GUARD_MS, reloadOnce } from './reload';

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk-load reloads', () => {
  it('recognises the errors of webpack, Turbopack and native dynamic import', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-page failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads at most once per guard window', () => {
    const store = memoryStore();
    const reload = vi.fn();
    expect(reloadOnce(store, reload, 1_000_000)).toBe(true);
    expect(reloadOnce(store, reload, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadOnce(store, reload, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });
});
