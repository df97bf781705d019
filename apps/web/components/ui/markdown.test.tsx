import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/ui/markdown';

const html = (text: string, renderText?: (t: string) => React.ReactNode) => renderToStaticMarkup(<Markdown renderText={renderText}>{text}</Markdown>);

describe('Markdown', () => {
  it('never renders raw HTML or script links from an answer', () => {
    const out = html('Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[click](javascript:alert(3))');
    expect(out).not.toMatch(/<img|<script|onerror=|javascript:/i);
    expect(out).toContain('<p>Hi ');
  });

  it('renders GFM tables, code and TeX maths', () => {
    const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n`x = 1`\n\nEnergy $E = mc^2$ and\n\n$$\n\\int_0^1 x\\,dx\n$$');
    expect(out).toContain('<table>');
    expect(out).toContain('<td>2</td>');
    expect(out).toContain('<code>x = 1</code>');
    expect(out).toContain('class="katex"');
    expect(out).toContain('katex-display');
  });

  it('opens links in a new tab without handing over the page', () => {
    expect(html('[paper](https://arxiv.org/abs/1)')).toContain('rel="noopener noreferrer nofollow"');
  });

  it('passes text through renderText for citation markers', () => {
    const out = html('Evidence [1].', (t) => t.replace('[1]', '<1>'));
    expect(out).toContain('Evidence &lt;1&gt;.');
  });
});
