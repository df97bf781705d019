// What changed between a search and its replay: papers new to the results, papers gone from them, papers that moved,
// and sources that answered differently. Ids are compared as the sources give them (the merged record's id).
import type { SearchRecord, SourceLine } from './search-record';

type Listed = { id: string; title: string; year: number | null };

export type SearchChanges = {
  query: string;
  /** In the replay only, with their rank there. */
  added: Array<Listed & { rank: number }>;
  /** In the first search only, with their rank then. */
  dropped: Array<Listed & { rank: number }>;
  /** In both, at another rank. */
  moved: Array<Listed & { from: number; to: number }>;
  /** In both at the same rank. */
  same: number;
  /** Sources whose state changed (ok → timeout, error → ok, …). */
  sources: Array<{ source: string; before: string | null; after: string | null }>;
};

function sourceChanges(before: SourceLine[], after: SourceLine[]): SearchChanges['sources'] {
  const names = [...new Set([...before, ...after].map((line) => line.source))];
  return names
    .map((source) => ({ source, before: before.find((l) => l.source === source)?.state ?? null, after: after.find((l) => l.source === source)?.state ?? null }))
    .filter((change) => change.before !== change.after);
}

export function compareSearchRecords(before: SearchRecord, after: SearchRecord): SearchChanges {
  const rankBefore = new Map(before.results.map((r, i) => [r.id, i + 1]));
  const rankAfter = new Map(after.results.map((r, i) => [r.id, i + 1]));
  const listed = (r: SearchRecord['results'][number]): Listed => ({ id: r.id, title: r.title, year: r.year });
  const moved: SearchChanges['moved'] = [];
  let same = 0;
  for (const [i, r] of after.results.entries()) {
    const from = rankBefore.get(r.id);
    if (from === undefined) continue;
    if (from === i + 1) same++;
    else moved.push({ ...listed(r), from, to: i + 1 });
  }
  return {
    query: after.query,
    added: after.results.flatMap((r, i) => (rankBefore.has(r.id) ? [] : [{ ...listed(r), rank: i + 1 }])),
    dropped: before.results.flatMap((r, i) => (rankAfter.has(r.id) ? [] : [{ ...listed(r), rank: i + 1 }])),
    moved,
    same,
    sources: sourceChanges(before.sources, after.sources),
  };
}

/** Whether a replay found exactly what the search found, in the same order, from sources in the same states. */
export const unchanged = (changes: SearchChanges) => !changes.added.length && !changes.dropped.length && !changes.moved.length && !changes.sources.length;
