import { describe, expect, it } from 'vitest';
import { cleanTitle, shorten } from './titles';

describe('conversation titles', () => {
  it('drops the labels and quotes models put around a title', () => {
    expect(cleanTitle('Title: Graph neural networks')).toBe('Graph neural networks');
    expect(cleanTitle('**Title:** "Graph neural networks."')).toBe('Graph neural networks');
    expect(cleanTitle('标题：中文分词方法')).toBe('中文分词方法');
    expect(cleanTitle('  \n“中文分词方法”。\nmore text')).toBe('中文分词方法');
    expect(cleanTitle('Conversation title: Word segmentation')).toBe('Word segmentation');
  });

  it('keeps a title that only mentions the word', () => {
    expect(cleanTitle('Title generation with transformers')).toBe('Title generation with transformers');
    expect(cleanTitle('Titles: a survey')).toBe('Titles: a survey');
    expect(shorten(cleanTitle('Title: ' + 'word '.repeat(20)))).toMatch(/…$/);
  });
});
