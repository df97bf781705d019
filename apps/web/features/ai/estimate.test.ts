import { describe, expect, it } from 'vitest';
import { estimateRun, estimateTokens, PROMPT_OVERHEAD_TOKENS } from './estimate';

describe('estimating a run before it starts', () => {
  it('counts a CJK character as a token and other text at four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('深度学习')).toBe(4);
    expect(estimateTokens('深度 learning')).toBe(2 + 2);
  });

  it('sizes the writing tools from their text, and knows nothing of chats and workflows', () => {
    const text = 'word '.repeat(80).trim();
    const own = estimateTokens(text);
    expect(estimateRun('academic-polish', { query: text })).toEqual({ inputTokens: own + PROMPT_OVERHEAD_TOKENS, outputTokens: Math.ceil(own * 1.1), totalTokens: own + PROMPT_OVERHEAD_TOKENS + Math.ceil(own * 1.1) });
    expect(estimateRun('academic-translate', { query: '这是一个句子', target: 'en' })!.outputTokens).toBe(Math.ceil(6 * 1.1));
    expect(estimateRun('abstract-writer', { query: text })!.outputTokens).toBe(350);
    expect(estimateRun('abstract-writer', { query: text, words: '200' })!.outputTokens).toBe(280);
    expect(estimateRun('academic-polish', { query: '' })).toBeNull();
    expect(estimateRun('paper-chat', { query: text })).toBeNull();
    expect(estimateRun('literature-review', { topic: text })).toBeNull();
  });
});
