import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkCitations } from './citation-markers';

const html = (text: string) =>
  renderToStaticMarkup(<>{linkCitations(text, { known: new Set([1, 2]), href: (n) => `#s-${n}`, label: (n) => `Source ${n}`, flagged: 'not verified', testId: 'm' })}</>);

describe('citation markers', () => {
  it('link every position of a marker, single or grouped, to its card', () => {
    expect(html('A [1] and B [1, 2].')).toBe(
      'A <sup><a href="#s-1" class="mx-0.5 font-medium text-primary no-underline hover:underline" data-testid="m" aria-label="Source 1">[1]</a></sup> and B <sup>' +
        '<a href="#s-1" class="mx-0.5 font-medium text-primary no-underline hover:underline" data-testid="m" aria-label="Source 1">[1]</a>' +
        '<a href="#s-2" class="mx-0.5 font-medium text-primary no-underline hover:underline" data-testid="m" aria-label="Source 2">[2]</a></sup>.',
    );
  });

  it('leave a marker naming a paper that was not retrieved as text, and show the runtime’s flag as flagged', () => {
    expect(html('See [3] and [1，3].')).toBe('See [3] and [1，3].');
    expect(html('Claim [citation not verified]')).toContain('<mark');
    expect(html('Claim [citation not verified]')).toContain('>not verified</mark>');
  });
});
