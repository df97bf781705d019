import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Highlight } from './highlight';

const marks = (text: string, matched: string[]) =>
  renderToStaticMarkup(<Highlight text={text} matched={new Set(matched)} />).replace(/<mark [^>]*>/g, '<mark>');

describe('Highlight', () => {
  it('marks the matched words whole, whatever their case, and nothing inside other words', () => {
    expect(marks('Transformers for the transformer era', ['transformers', 'transformer'])).toBe(
      '<mark>Transformers</mark> for the <mark>transformer</mark> era',
    );
    expect(marks('Transformers for information', ['for'])).toBe('Transformers <mark>for</mark> information');
  });

  it('marks Chinese words by segment', () => {
    expect(marks('基于深度学习的中文分词方法', ['中文', '分词'])).toBe('基于深度学习的<mark>中文</mark><mark>分词</mark>方法');
  });

  it('keeps markup in titles as text', () => {
    expect(marks('<img src=x onerror=alert(1)> attention & more', ['attention'])).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>attention</mark> &amp; more');
  });

  it('leaves text without matches as it is', () => {
    expect(marks('Attention Is All You Need', [])).toBe('Attention Is All You Need');
  });
});
