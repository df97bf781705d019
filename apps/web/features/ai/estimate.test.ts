import { describe, expect, it } from 'vitest';
import { estimateRun, estimateTokens, PROMPT_OVERHEAD_TOKENS } from './estimate';

describe('estimating a run before it starts', () => {
  it('counts a CJK character as 0.8 of a token and other text at five characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefghij')).toBe(2);
    expect(estimateTokens('深度学习模型')).toBe(5);
    expect(estimateTokens('深度学习 learning')).toBe(Math.ceil(3.2 + 8 / 5));
  });

  it('sizes the writing tools from their text, and knows nothing of chats and workflows', () => {
    const text = 'word '.repeat(80).trim();
    const own = estimateTokens(text);
    expect(estimateRun('academic-polish', { query: text })).toEqual({
      inputTokens: own + PROMPT_OVERHEAD_TOKENS,
      outputTokens: own,
      totalTokens: own + PROMPT_OVERHEAD_TOKENS + own,
    });
    expect(estimateRun('academic-translate', { query: '这是一个句子', target: 'en' })!.outputTokens).toBe(estimateTokens('这是一个句子'));
    expect(estimateRun('abstract-writer', { query: text })!.outputTokens).toBe(350);
    expect(estimateRun('abstract-writer', { query: text, words: '200' })!.outputTokens).toBe(280);
    expect(estimateRun('academic-polish', { query: '' })).toBeNull();
    expect(estimateRun('paper-chat', { query: text })).toBeNull();
    expect(estimateRun('literature-review', { topic: text })).toBeNull();
  });
});
