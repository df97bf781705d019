// arXiv's search_query syntax (field prefixes `all:`, `ti:`, `au:`, `cat:`, boolean AND/OR, submittedDate
// ranges) built from a plain query and the filters.
import type { SourceQuery } from '../source';

const FIELD_PREFIX = /\b(?:ti|au|abs|co|jr|cat|rn|id|all|submittedDate):/;
const CATEGORY = /^[a-z-]+(?:\.[A-Za-z-]+)?$/;

/** Words and quoted phrases of a query, each searched in all fields, joined by AND. */
export function termsQuery(query: string, prefix = 'all'): string {
  if (FIELD_PREFIX.test(query)) return query.trim();
  const parts = query.match(/"[^"]+"|[^\s"]+/g) ?? [];
  return parts
    .map((part) =>
      part
        .replace(/^"|"$/g, '')
        .replace(/[^\p{L}\p{N}\s.-]+/gu, ' ')
        .trim(),
    )
    .filter(Boolean)
    .map((part) => (/\s/.test(part) ? `${prefix}:"${part}"` : `${prefix}:${part}`))
    .join(' AND ');
}

export function searchQuery(q: SourceQuery): string {
  const clauses = [termsQuery(q.query)];
  if (q.yearFrom !== undefined || q.yearTo !== undefined) {
    clauses.push(`submittedDate:[${q.yearFrom ?? 1991}01010000 TO ${q.yearTo ?? 9999}12312359]`);
  }
  const categories = (q.fields ?? []).filter((f) => CATEGORY.test(f));
  if (categories.length) clauses.push(categories.length === 1 ? `cat:${categories[0]}` : `(${categories.map((c) => `cat:${c}`).join(' OR ')})`);
  return clauses.filter(Boolean).join(' AND ');
}

/** `au:del_maestro AND ti:checkerboard`: the title as a phrase, narrowed by the first author when known. */
export function titleQuery(title: string, authors: string[] = []): string {
  const phrase = title
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
  const author = authors[0]
    ?.normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  const ti = /\s/.test(phrase) ? `ti:"${phrase}"` : `ti:${phrase}`;
  return author ? `au:${author} AND ${ti}` : ti;
}
