import { describe, expect, it } from 'vitest';
import { queryTerms } from './highlight';

describe('queryTerms', () => {
  it('keeps Latin words of two letters or more, longest first, without punctuation', () => {
    expect(queryTerms('attention, is a transformer!')).toEqual(['transformer', 'attention', 'is']);
  });

  it('segments Chinese text into words', () => {
    const terms = queryTerms('水运工程 全过程管理');
    expect(terms.length).toBeGreaterThan(2);
    expect(terms.join('')).toContain('工程');
    expect(terms.every((term) => /\p{Script=Han}/u.test(term))).toBe(true);
  });

  it('answers nothing for an empty query', () => {
    expect(queryTerms('   ')).toEqual([]);
  });
});
