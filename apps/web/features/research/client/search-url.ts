// The search tab's state in the address bar: query, filters, page and the open paper, so that reload, Back and a
// shared link restore them. Parsing is lenient (a hand-edited link falls back to defaults); the API validates.
import { MAX_SEARCH_PAGE } from '../limits';

/** What the search form holds, as the address keeps it. */
export type SearchParams = {
  q: string;
  sort: 'relevance' | 'newest';
  yearFrom: string;
  yearTo: string;
  sources: string[];
  hasAbstract: boolean;
  /** '' : papers in any language. */
  language: '' | 'en' | 'zh';
  /** Also search the query's translation (Chinese ↔ English). */
  translate: boolean;
};

export interface SearchLocation {
  /** null: no search has run. */
  params: SearchParams | null;
  page: number;
  /** Id of the paper whose panel is open. */
  paper: string | null;
}

const YEAR = /^\d{4}$/;
const LANGUAGES = ['en', 'zh'] as const;

export function searchFromUrl(query: URLSearchParams, sources: readonly string[]): SearchLocation {
  const q = query.get('q')?.trim().slice(0, 500) ?? '';
  if (!q) return { params: null, page: 1, paper: null };
  const listed = (query.get('sources') ?? '').split(',').filter((s) => sources.includes(s));
  const year = (name: string) => {
    const value = query.get(name) ?? '';
    return YEAR.test(value) ? value : '';
  };
  const page = Number(query.get('page'));
  return {
    params: {
      q,
      sort: query.get('sort') === 'newest' ? 'newest' : 'relevance',
      yearFrom: year('yearFrom'),
      yearTo: year('yearTo'),
      sources: listed.length === sources.length ? [] : listed,
      hasAbstract: query.get('hasAbstract') === 'true',
      language: LANGUAGES.find((language) => language === query.get('language')) ?? '',
      translate: query.get('translate') !== 'off',
    },
    page: Number.isInteger(page) && page >= 1 && page <= MAX_SEARCH_PAGE ? page : 1,
    paper: query.get('paper')?.slice(0, 300) || null,
  };
}

/** The query string (without `?`) for a state; default values are left out to keep shared links short. */
export function searchToUrl({ params, page, paper }: SearchLocation): string {
  if (!params) return '';
  const query = new URLSearchParams({ q: params.q });
  if (params.sort !== 'relevance') query.set('sort', params.sort);
  if (params.yearFrom) query.set('yearFrom', params.yearFrom);
  if (params.yearTo) query.set('yearTo', params.yearTo);
  if (params.sources.length) query.set('sources', params.sources.join(','));
  if (params.hasAbstract) query.set('hasAbstract', 'true');
  if (params.language) query.set('language', params.language);
  if (!params.translate) query.set('translate', 'off');
  if (page > 1) query.set('page', String(page));
  if (paper) query.set('paper', paper);
  return query.toString();
}

/** A reversed year range ("from 2024 to 2019"): the search API refuses it, so the form marks the fields instead. */
export function yearRangeReversed(params: Pick<SearchParams, 'yearFrom' | 'yearTo'>): boolean {
  return YEAR.test(params.yearFrom) && YEAR.test(params.yearTo) && Number(params.yearFrom) > Number(params.yearTo);
}
