// A search log as the AI runtime sends it (platform/ai research/search-log.ts: `message_end.metadata.search_log`,
// the review's `outputs.search_log`), its replay ("Run again"), and how both are kept: a replay in this browser, the
// log and its replay as JSON files. Types only from scholar, so this stays out of the database code.
import type { SearchChanges, SearchRecord, SourceLine } from '@citewise/scholar';

export type { SearchChanges, SearchRecord, SourceLine };

export type SearchLog = {
  /** `citewise.search-log/2`; absent in logs of earlier versions, which hold no replayable searches. */
  format?: string;
  app?: string;
  question?: string;
  queries: string[];
  searches?: SearchRecord[];
  sources: SourceLine[];
  library?: { returned: number; ids: string[] } | null;
  selected?: string[];
  results: number;
  model?: string | null;
  prompt_version?: string;
  took_ms: number;
  searched_at: string;
};

/** What `POST /api/scholar/replay` answers. */
export type SearchReplay = { replayed_at: string; searches: SearchRecord[]; changes: SearchChanges[] };

/** The log when a value looks like one (it comes from a runtime that may be a Dify server, or an older version). */
export function asSearchLog(value: unknown): SearchLog | null {
  if (!value || typeof value !== 'object') return null;
  const log = value as Partial<SearchLog>;
  if (!Array.isArray(log.queries) || !Array.isArray(log.sources) || typeof log.searched_at !== 'string') return null;
  return log as SearchLog;
}

/** Whether "Run again" can send the log's searches: only a log that recorded them. */
export const replayable = (log: SearchLog): log is SearchLog & { searches: SearchRecord[] } => Array.isArray(log.searches) && log.searches.length > 0;

/** The log's name among the user's logs in this browser: its app, when it searched, and its first query. */
const KEY_PREFIX = 'citewise:search-replay:';
export const logKey = (log: SearchLog) => `${KEY_PREFIX}${log.app ?? 'search'}:${log.searched_at}:${(log.queries[0] ?? '').slice(0, 80)}`;

/** The last replay of a log, as kept in this browser; null when there is none or it cannot be read. */
export function storedReplay(log: SearchLog, storage: Storage = window.localStorage): SearchReplay | null {
  try {
    const raw = storage.getItem(logKey(log));
    const replay = raw ? (JSON.parse(raw) as SearchReplay) : null;
    return replay && Array.isArray(replay.changes) && typeof replay.replayed_at === 'string' ? replay : null;
  } catch {
    return null;
  }
}

/** Replays kept in this browser; the oldest go first, so the logs of months of work never fill its storage. */
export const KEPT_REPLAYS = 50;

export function keepReplay(log: SearchLog, replay: SearchReplay, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(logKey(log), JSON.stringify(replay));
    const kept: Array<{ key: string; at: string }> = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(KEY_PREFIX)) continue;
      const at = (JSON.parse(storage.getItem(key) ?? '{}') as Partial<SearchReplay>).replayed_at;
      kept.push({ key, at: typeof at === 'string' ? at : '' });
    }
    kept.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (const { key } of kept.slice(0, Math.max(0, kept.length - KEPT_REPLAYS))) storage.removeItem(key);
  } catch {
    // A full or blocked storage keeps the replay on screen only; nothing else depends on it.
  }
}

/** The file a log is exported as: the log, and its last replay when there is one. */
export function exportedLog(log: SearchLog, replay: SearchReplay | null): { name: string; text: string } {
  const stamp = (replay?.replayed_at ?? log.searched_at).slice(0, 19).replace(/:/g, '-');
  const body = replay ? { ...log, replay: { format: 'citewise.search-replay/1', ...replay } } : log;
  return { name: `citewise-search-log-${stamp}.json`, text: `${JSON.stringify(body, null, 2)}\n` };
}

/** Totals of a replay's changes over all its searches (papers counted once each). */
export function replayTotals(replay: SearchReplay): { added: number; dropped: number; moved: number; sources: number } {
  const ids = (pick: (c: SearchChanges) => Array<{ id: string }>) => new Set(replay.changes.flatMap((c) => pick(c).map((p) => p.id))).size;
  return {
    added: ids((c) => c.added),
    dropped: ids((c) => c.dropped),
    moved: ids((c) => c.moved),
    sources: replay.changes.reduce((n, c) => n + c.sources.length, 0),
  };
}
