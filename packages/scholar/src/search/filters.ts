// Filters and date order applied to merged results, whatever each source could do itself.
import type { Paper } from '../paper';
import { hasHan } from '../text/segment';
import type { SourceId } from '../sources/source';
import type { SearchFilters } from './search-options';

/** Subject areas as the sources name them (arXiv `cs.CL`, OpenAlex `Computer Science`, 学科 names), any case. */
function fieldMatches(fields: string[], wanted: string[]) {
  const have = new Set(fields.map((f) => f.toLowerCase()));
  return wanted.some((w) => have.has(w.toLowerCase()));
}

/** A paper's language for the language filter: Chinese when a source says so or, when none does, by its title. */
export function paperLanguage(paper: Paper): 'en' | 'zh' {
  if (paper.language) return paper.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  return hasHan(paper.title) ? 'zh' : 'en';
}

export function matchesFilters(paper: Paper, sources: SourceId[], filters: SearchFilters | undefined): boolean {
  if (!filters) return true;
  const year = paper.issued?.year;
  if (filters.yearFrom !== undefined && (year === undefined || year < filters.yearFrom)) return false;
  if (filters.yearTo !== undefined && (year === undefined || year > filters.yearTo)) return false;
  if (filters.hasAbstract && !paper.abstract?.trim()) return false;
  if (filters.fields && !fieldMatches(paper.fields, filters.fields)) return false;
  if (filters.sources && !sources.some((s) => filters.sources!.includes(s))) return false;
  if (filters.language && paperLanguage(paper) !== filters.language) return false;
  return true;
}

/** Newest first; undated works last. */
export function compareNewest(a: Paper, b: Paper): number {
  const key = (p: Paper) => (p.issued ? p.issued.year * 10_000 + (p.issued.month ?? 0) * 100 + (p.issued.day ?? 0) : -1);
  return key(b) - key(a);
}
