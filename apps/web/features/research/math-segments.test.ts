import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { hasMath, mathSegments } from './math-segments';

describe('maths in titles and abstracts', () => {
  it('finds inline, display and \\( \\) maths', () => {
    expect(mathSegments('Equivariant flows on $\\mathrm{SE(3)}$ for docking')).toEqual([
      { math: false, text: 'Equivariant flows on ' },
      { math: true, tex: '\\mathrm{SE(3)}', display: false },
      { math: false, text: ' for docking' },
    ]);
    expect(mathSegments('$$x^2$$ and \\(O(n \\log n)\\)')).toEqual([
      { math: true, tex: 'x^2', display: true },
      { math: false, text: ' and ' },
      { math: true, tex: 'O(n \\log n)', display: false },
    ]);
  });

  it('leaves dollar amounts and lone dollar signs as text', () => {
    for (const text of ['A $5 billion market and $10 more', 'Costs $ 3 and $ 4', 'Price: $5', 'Just $ sign']) {
      expect(mathSegments(text)).toEqual([{ math: false, text }]);
    }
    expect(hasMath('Deep residual learning')).toBe(false);
  });

  it('typesets what it finds, and shows what KaTeX cannot parse as its source rather than failing', () => {
    const [, math] = mathSegments('On $\\mathrm{SE(3)}$');
    expect(math!.math && katex.renderToString(math!.tex, { throwOnError: false })).toContain('katex');
    const broken = katex.renderToString('\\frac{1}{', { throwOnError: false });
    expect(broken).toContain('katex-error');
  });

  it('never lets a formula run scripts or link out', () => {
    const html = katex.renderToString('\\href{javascript:alert(1)}{x}\\htmlClass{a}{b}', { throwOnError: false, trust: false });
    // Refused commands are shown as their (escaped) source: text, never a link or an attribute.
    expect(html).not.toMatch(/<a\s|href=/);
    expect(html).toContain('<mtext>\\href</mtext>');
  });
});
