import 'server-only';
import { asc, desc, sql, type SQL } from '@citewise/db/orm';
import { libraryPapers } from '@/lib/db/schema';
import type { LibrarySort } from '../sorts';

/** Literal `%`, `_` and `\` in what the user typed, so ILIKE treats them as characters. */
const likePattern = (word: string) => `%${word.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * Each word of the query in the title, an author's name, the note or a tag. Substring matching (ILIKE) rather than
 * the corpus's segmented full-text index: a library is one user's papers, small enough to scan, and a substring
 * finds a Chinese word however a segmenter would have cut the title ("分词" in "中文分词方法").
 */
export function librarySearch(query: string): SQL[] {
  const words = query.split(/\s+/).filter(Boolean).slice(0, 10);
  return words.map((word) => {
    const pattern = likePattern(word);
    return sql`(
      ${libraryPapers.paper} ->> 'title' ilike ${pattern}
      or ${libraryPapers.note} ilike ${pattern}
      or exists (select 1 from unnest(${libraryPapers.tags}) as tag where tag ilike ${pattern})
      or exists (
        select 1 from jsonb_array_elements(coalesce(${libraryPapers.paper} -> 'authors', '[]'::jsonb)) as author
        where concat_ws(' ', author ->> 'literal', author ->> 'given', author ->> 'family') ilike ${pattern}
      )
    )`;
  });
}

/** The year of the record when it is a plain number (imported records may hold anything). */
const year = sql`case when ${libraryPapers.paper} -> 'issued' ->> 'year' ~ '^[0-9]{1,4}$' then (${libraryPapers.paper} -> 'issued' ->> 'year')::int end`;

/** Doubtful first: what needs the researcher's eye (differences, not found) before what was confirmed. */
const verdictRank = sql`array_position(
  array['mismatch', 'not_found', 'partial', 'unchecked', 'pending', 'corrected', 'verified'],
  coalesce(${libraryPapers.verification} ->> 'status', 'pending')
)`;

/** The ORDER BY of a sort; ties fall back to newest saved first, then the id, so the order is stable. */
export function libraryOrder(sort: LibrarySort): SQL[] {
  const tail = [desc(libraryPapers.createdAt), asc(libraryPapers.id)];
  switch (sort) {
    case 'year':
      return [sql`${year} desc nulls last`, ...tail];
    case 'title':
      return [sql`lower(${libraryPapers.paper} ->> 'title') asc`, ...tail];
    case 'verdict':
      return [sql`${verdictRank} asc nulls last`, ...tail];
    case 'added':
      return tail;
  }
}
