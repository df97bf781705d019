import { describe, expect, it } from 'vitest';
import { citationOrder, renumberMarkers } from './citation-order';

describe('the review numbers its references by first citation', () => {
  it('gives the cited positions 1, 2, … in the order first cited, then the uncited ones', () => {
    const text = 'Early work [3] and later [1, 3]. See also [5]，[1]. Unknown [9] stays.';
    const order = citationOrder(text, [1, 2, 3, 4, 5]);
    expect([...order.entries()]).toEqual([
      [3, 1],
      [1, 2],
      [5, 3],
      [2, 4],
      [4, 5],
    ]);
    expect(renumberMarkers(text, order)).toBe('Early work [1] and later [2, 1]. See also [3]，[2]. Unknown [9] stays.');
  });

  it('leaves a marker alone when any number in it is not a screened paper', () => {
    const order = citationOrder('[2] and [2, 7]', [1, 2]);
    expect(renumberMarkers('[2] and [2, 7]', order)).toBe('[1] and [2, 7]');
  });

  it('keeps the order when the text cites in order', () => {
    const order = citationOrder('[1] then [2]', [1, 2, 3]);
    expect(renumberMarkers('[1] then [2]', order)).toBe('[1] then [2]');
    expect(order.get(3)).toBe(3);
  });
});
