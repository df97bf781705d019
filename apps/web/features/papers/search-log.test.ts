import { describe, expect, it } from 'vitest';
import {
  asSearchLog,
  exportedLog,
  KEPT_REPLAYS,
  keepReplay,
  logKey,
  replayable,
  replayTotals,
  storedReplay,
  type SearchLog,
  type SearchReplay,
} from './search-log';

/** A Storage kept in memory, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const log = (at: string): SearchLog => ({ app: 'research', queries: ['q'], sources: [], results: 1, took_ms: 1, searched_at: at, searches: [] });
const replay = (at: string): SearchReplay => ({
  replayed_at: at,
  searches: [],
  changes: [
    {
      query: 'q',
      added: [{ id: 'a', title: 'A', year: null, rank: 1 }],
      dropped: [{ id: 'a', title: 'A', year: null, rank: 2 }],
      moved: [],
      same: 3,
      sources: [{ source: 'openalex', before: 'ok', after: 'timeout' }],
    },
  ],
});

describe('a search log in the browser', () => {
  it('reads only what looks like a log, and replays only one that recorded its searches', () => {
    expect(asSearchLog({ queries: ['q'], sources: [], searched_at: 'x' })).not.toBeNull();
    expect(asSearchLog({ queries: 'q' })).toBeNull();
    expect(asSearchLog(null)).toBeNull();
    expect(replayable(log('t'))).toBe(false);
    expect(replayable({ ...log('t'), searches: [{} as never] })).toBe(true);
  });

  it('keeps the last replay of each log, and only the latest ones', () => {
    const storage = memoryStorage();
    storage.setItem('someone-else', 'x');
    for (let i = 0; i < KEPT_REPLAYS + 5; i++)
      keepReplay(log(`2026-01-01T00:00:${String(i).padStart(2, '0')}Z`), replay(`2026-02-01T00:00:${String(i).padStart(2, '0')}Z`), storage);
    expect(storage.length).toBe(KEPT_REPLAYS + 1);
    expect(storedReplay(log('2026-01-01T00:00:00Z'), storage)).toBeNull();
    expect(storedReplay(log(`2026-01-01T00:00:${KEPT_REPLAYS + 4}Z`), storage)?.replayed_at).toBe(`2026-02-01T00:00:${KEPT_REPLAYS + 4}Z`);
    expect(storage.getItem('someone-else')).toBe('x');
    storage.setItem(logKey(log('broken')), '{not json');
    expect(storedReplay(log('broken'), storage)).toBeNull();
  });

  it('exports the log with its last replay, and totals the changes counting each paper once', () => {
    const file = exportedLog(log('2026-01-01T10:20:30.000Z'), replay('2026-03-04T05:06:07.000Z'));
    expect(file.name).toBe('citewise-search-log-2026-03-04T05-06-07.json');
    expect(JSON.parse(file.text)).toMatchObject({
      searched_at: '2026-01-01T10:20:30.000Z',
      replay: { format: 'citewise.search-replay/1', replayed_at: '2026-03-04T05:06:07.000Z' },
    });
    expect(exportedLog(log('2026-01-01T10:20:30.000Z'), null).name).toBe('citewise-search-log-2026-01-01T10-20-30.json');
    expect(replayTotals(replay('t'))).toEqual({ added: 1, dropped: 1, moved: 0, sources: 1 });
  });
});
