import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkCitations } from './citation-markers';

const html = (text: string) =>
  renderToStaticMarkup(
    <>{linkCitations(text, { known: new Set([1, 2]), href: (n) => `#s-${n}`, label: (n) => `Source ${n}`, flagged: 'not verified', testId: 'm' })}</>,
  );

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

describe('flagged references', () => {
  it('strike the whole invented reference behind the flag, never leaving it plain', () => {
    const out = html('References\n[1] Real paper\n[citation not verified] [2] Zyxwv Q. Imaginary results. 1999.');
    expect(out).toContain('References\n');
    expect(out).toContain('<a href="#s-1"');
    expect(out).toMatch(
      /<span data-testid="flagged-reference"><mark [^>]*>not verified<\/mark> <s [^>]*>\[2\] Zyxwv Q\. Imaginary results\. 1999\.<\/s><\/span>/,
    );
  });

  it('keep an inline flag (an unknown marker, an author–year citation) inside its sentence', () => {
    const out = html('As Zyx and Qpo (1999)[citation not verified] claim.');
    expect(out).not.toContain('flagged-reference');
    expect(out).toMatch(/^As Zyx and Qpo \(1999\)<mark [^>]*>not verified<\/mark> claim\.$/);
  });
});
