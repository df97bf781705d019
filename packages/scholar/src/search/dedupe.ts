// Groups the records of several sources into works. Identifiers join records outright. Title + year + first
// author join them only when the two groups stay consistent: no two different DOIs, arXiv ids or PMIDs (two
// editorials both called "Introduction"), no two different years, no two different first authors — so an
// undated record cannot bridge the 2018 and 2019 works of the same title.
import type { Paper } from '../paper';
import { identityOf, sameByTitle } from './identity';

const KEYS = ['doi', 'arxiv', 'pmid', 'year', 'family'] as const;
type Key = (typeof KEYS)[number];

interface Group {
  parent: number;
  values: Record<Key, Set<string>>;
}

/** Groups items (papers, or anything carrying one) by work; groups keep the items' order. */
export function groupDuplicates<T>(items: T[], paperOf: (item: T) => Paper): T[][] {
  const identities = items.map((item) => identityOf(paperOf(item)));
  const groups: Group[] = identities.map((id, i) => {
    const set = (value: string | number | null) => new Set(value === null || value === '' ? [] : [String(value)]);
    return { parent: i, values: { doi: set(id.doi), arxiv: set(id.arxiv), pmid: set(id.pmid), year: set(id.year), family: set(id.family) } };
  });
  const root = (i: number): number => (groups[i]!.parent === i ? i : (groups[i]!.parent = root(groups[i]!.parent)));
  const union = (a: number, b: number) => {
    const [ra, rb] = [root(a), root(b)].sort((x, y) => x - y) as [number, number];
    if (ra === rb) return;
    groups[rb]!.parent = ra;
    for (const key of KEYS) for (const value of groups[rb]!.values[key]) groups[ra]!.values[key].add(value);
  };
  const consistent = (a: number, b: number) => {
    const [ga, gb] = [groups[root(a)]!.values, groups[root(b)]!.values];
    return KEYS.every((key) => ga[key].size === 0 || gb[key].size === 0 || [...ga[key]].some((v) => gb[key].has(v)));
  };

  for (const kind of ['doi', 'arxiv', 'pmid'] as const) {
    const first = new Map<string, number>();
    identities.forEach((id, i) => {
      const value = id[kind];
      if (!value) return;
      if (first.has(value)) union(first.get(value)!, i);
      else first.set(value, i);
    });
  }

  const byTitle = new Map<string, number[]>();
  identities.forEach((id, i) => byTitle.set(id.title, [...(byTitle.get(id.title) ?? []), i]));
  for (const members of byTitle.values()) {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const [a, b] = [members[x]!, members[y]!];
        if (root(a) !== root(b) && sameByTitle(identities[a]!, identities[b]!) && consistent(a, b)) union(a, b);
      }
    }
  }

  const out = new Map<number, T[]>();
  items.forEach((item, i) => out.set(root(i), [...(out.get(root(i)) ?? []), item]));
  return [...out.values()];
}
