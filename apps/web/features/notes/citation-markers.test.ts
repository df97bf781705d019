import { describe, expect, it } from 'vitest';
import { findCitationMarkers, markerGroups, replaceCitationMarkers, splitByMarkers } from './citation-markers';

describe('citation markers', () => {
  const text =
    'As shown [@vaswani2017attention], and later [@lecun2015deep; @vaswani2017attention]. Not a marker: [see @x] [@] email@site.org; again [@vaswani2017attention].';

  it('finds single and grouped markers, not look-alikes', () => {
    expect(findCitationMarkers(text).map((m) => m.keys)).toEqual([
      ['vaswani2017attention'],
      ['lecun2015deep', 'vaswani2017attention'],
      ['vaswani2017attention'],
    ]);
    expect(markerGroups(text)).toEqual([['vaswani2017attention'], ['lecun2015deep', 'vaswani2017attention']]);
  });

  it('replaces markers, leaving those the renderer does not know', () => {
    expect(replaceCitationMarkers('a [@x] b [@y; @x]', (keys) => (keys.includes('y') ? null : '(X, 2020)'))).toBe('a (X, 2020) b [@y; @x]');
  });

  it('splits text around markers', () => {
    expect(splitByMarkers('a [@x] b')).toEqual(['a ', { text: '[@x]', keys: ['x'], index: 2 }, ' b']);
  });
});
