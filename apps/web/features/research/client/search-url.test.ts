import { describe, expect, it } from 'vitest';
import { emptySearch } from '../components/search-form';
import { searchFromUrl, searchToUrl, yearRangeReversed } from './search-url';

const sources = ['local', 'openalex', 'arxiv'];

describe('search URL', () => {
  it('round-trips a search with filters, page and open paper', () => {
    const state = {
      params: {
        q: '深度学习 图像识别',
        sort: 'newest' as const,
        yearFrom: '2019',
        yearTo: '2022',
        sources: ['local', 'arxiv'],
        hasAbstract: true,
        language: 'en' as const,
        translate: false,
      },
      page: 3,
      paper: 'doi:10.1000/x',
    };
    const url = searchToUrl(state);
    expect(url).toContain('page=3');
    expect(url).toContain('language=en&translate=off');
    expect(searchFromUrl(new URLSearchParams(url), sources)).toEqual(state);
  });

  it('leaves defaults out and reads a bare query as page 1 with every source', () => {
    expect(searchToUrl({ params: { ...emptySearch, q: 'graph neural networks' }, page: 1, paper: null })).toBe('q=graph+neural+networks');
    expect(searchFromUrl(new URLSearchParams('q=graph'), sources)).toEqual({ params: { ...emptySearch, q: 'graph' }, page: 1, paper: null });
  });

  it('means no search without a query, and ignores values a hand-edited link cannot have', () => {
    expect(searchFromUrl(new URLSearchParams('page=2&paper=x'), sources)).toEqual({ params: null, page: 1, paper: null });
    const state = searchFromUrl(new URLSearchParams('q=x&page=99&sort=oldest&yearFrom=20x&sources=nowhere,local&language=fr&translate=no'), sources);
    expect(state).toEqual({ params: { ...emptySearch, q: 'x', sources: ['local'] }, page: 1, paper: null });
  });

  it('tells a reversed year range', () => {
    expect(yearRangeReversed({ yearFrom: '2024', yearTo: '2019' })).toBe(true);
    expect(yearRangeReversed({ yearFrom: '2019', yearTo: '2024' })).toBe(false);
    expect(yearRangeReversed({ yearFrom: '2024', yearTo: '' })).toBe(false);
  });
});
