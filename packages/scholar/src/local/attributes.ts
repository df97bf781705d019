// What the year, date and abstract filters and newest-first order need of every indexed paper, held per process in
// typed arrays indexed by paper key (7 bytes a paper: 7 MB for a million). Filtering every match in memory costs a
// few milliseconds where joining the best ten thousand against the papers table cost tens.
//
// The arrays describe the corpus as of its last refreshStatistics, like the packed blocks the scores come from:
// they are loaded again when corpus_stats.refreshed_at changes.
import { sql } from '@citewise/db/orm';
import { queryRows, type Database } from '@citewise/db';

type Db = Pick<Database, 'execute'>;

export interface PaperAttributes {
  /** Publication year; 0 when unknown. */
  readonly year: Int16Array;
  /** year × 10000 + month × 100 + day for ordering by date (unknown parts count as 0); 0 when the year is unknown. */
  readonly date: Int32Array;
  readonly hasAbstract: Uint8Array;
}

interface Cached {
  version: string;
  attributes: Promise<PaperAttributes>;
}

const cache = new WeakMap<Db, Cached>();

/** The attributes of every paper up to `maxKey`, loaded once per corpus version (`refreshed_at`) and database handle. */
export function paperAttributes(db: Db, version: string, maxKey: number): Promise<PaperAttributes> {
  const cached = cache.get(db);
  if (cached?.version === version) return cached.attributes;
  const attributes = load(db, maxKey);
  cache.set(db, { version, attributes });
  // A failed load is not kept: the next search tries again.
  attributes.catch(() => {
    if (cache.get(db)?.attributes === attributes) cache.delete(db);
  });
  return attributes;
}

async function load(db: Db, maxKey: number): Promise<PaperAttributes> {
  const size = maxKey + 1;
  const attributes = { year: new Int16Array(size), date: new Int32Array(size), hasAbstract: new Uint8Array(size) };
  // Arrays of columns rather than a row per paper: a million rows arrive as three values.
  const [columns] = await queryRows<{ keys: number[] | null; years: (number | null)[]; dates: (number | null)[]; abstracts: boolean[] }>(
    db,
    sql`
    select array_agg(key) as keys, array_agg(year) as years,
      array_agg(year * 10000 + coalesce(month, 0) * 100 + coalesce(day, 0)) as dates, array_agg(has_abstract) as abstracts
    from scholar.papers where key <= ${maxKey}::int`,
  );
  const keys = columns?.keys ?? [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    attributes.year[key] = columns!.years[i] ?? 0;
    attributes.date[key] = columns!.dates[i] ?? 0;
    attributes.hasAbstract[key] = columns!.abstracts[i] ? 1 : 0;
  }
  return attributes;
}
