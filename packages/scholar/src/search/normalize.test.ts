// Comparison keys for titles and names.
import { describe, expect, it } from 'vitest';
import { familyKey, normaliseTitle, normaliseWords, textSimilarity } from './normalize';

describe('normalised keys', () => {
  it('ignores case, punctuation, markup, diacritics and full-width forms', () => {
    expect(normaliseTitle('Heat-Bath Random Walks with <i>Markov</i> Bases.')).toBe(normaliseTitle('heat bath random walks with markov bases'));
    expect(normaliseTitle('Larivière')).toBe('lariviere');
    expect(normaliseTitle('基于深度学习的中文文献检索方法。')).toBe('基于深度学习的中文文献检索方法');
    expect(normaliseTitle('（ＡＩ）驱动的检索')).toBe('ai驱动的检索');
    expect(normaliseWords('Proc. Natl. Acad. Sci. U.S.A. & more')).toEqual(['proc', 'natl', 'acad', 'sci', 'u', 's', 'a', 'and', 'more']);
  });

  it('keys family names: split names, Western literals, Chinese literals', () => {
    expect(familyKey({ given: 'Vincent', family: 'Larivière' })).toBe('lariviere');
    expect(familyKey({ literal: 'Alan Turing' })).toBe('turing');
    expect(familyKey({ literal: '张三' })).toBe('张');
    expect(familyKey({ family: '张', given: '三' })).toBe('张');
    expect(familyKey(undefined)).toBe('');
  });

  it('scores similar texts high and different texts low, in English and Chinese', () => {
    expect(textSimilarity('The state of OA', 'The State of OA!')).toBe(1);
    expect(textSimilarity('Heat-bath random walks with Markov bases', 'Heat bath random walk with Markov basis')).toBeGreaterThan(0.85);
    expect(textSimilarity('Heat-bath random walks with Markov bases', 'Galaxy rotation curves')).toBeLessThan(0.3);
    expect(textSimilarity('基于深度学习的中文文献检索方法', '基于深度学习的中文文献检索')).toBeGreaterThan(0.9);
    expect(textSimilarity('基于深度学习的中文文献检索方法', '水运工程施工项目全过程管理')).toBeLessThan(0.2);
    expect(textSimilarity('', 'x')).toBe(0);
  });
});
