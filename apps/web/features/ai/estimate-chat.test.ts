import { describe, expect, it } from 'vitest';
import { estimateTokens } from './estimate';
import { answerBasis, estimateChatInput, estimateChatRun, LIBRARY_PAPER_TOKENS, SOURCE_TOKENS, TYPICAL_ANSWER } from './estimate-chat';

const day = (appId: string, messages: number, inputTokens: number, outputTokens: number) => ({
  appId,
  messages,
  inputTokens,
  outputTokens,
  totalTokens: inputTokens + outputTokens,
});

describe('estimating a chat, Ask or review run before it starts', () => {
  it('is nothing while there is no question, topic or collection', () => {
    expect(estimateChatInput('research', { query: '  ', inputs: {} })).toBeNull();
    expect(estimateChatInput('literature-review', { query: '', inputs: { topic: '' } })).toBeNull();
    expect(estimateChatInput('academic-polish', { query: 'text', inputs: {} })).toBeNull();
    expect(estimateChatInput('literature-review', { query: '', inputs: { library_collection: 'c' } })).not.toBeNull();
  });

  it('counts the sources Ask retrieves: six, four more from the library, or a small collection’s papers', () => {
    const plain = estimateChatInput('research', { query: 'What is attention?', inputs: {} })!;
    expect(estimateChatInput('research', { query: 'What is attention?', inputs: { search_library: 'yes' } })! - plain).toBe(4 * SOURCE_TOKENS);
    expect(plain - estimateChatInput('research', { query: 'What is attention?', inputs: { library_collection: 'c' }, collectionPapers: 2 })!).toBe(
      4 * SOURCE_TOKENS,
    );
  });

  it('counts a paper chat’s pasted text and chosen papers, and the last six turns of the conversation', () => {
    const bare = estimateChatInput('paper-chat', { query: 'Summarise it.', inputs: {} })!;
    const paper = 'A long pasted paper. '.repeat(50);
    expect(estimateChatInput('paper-chat', { query: 'Summarise it.', inputs: { paper } })! - bare).toBe(estimateTokens(paper));
    expect(estimateChatInput('paper-chat', { query: 'Summarise it.', inputs: { library_papers: 'a,b' } })! - bare).toBe(2 * LIBRARY_PAPER_TOKENS);
    const turn = { query: 'A question of the conversation', answer: 'An answer of some length. '.repeat(10) };
    const six = estimateChatInput('paper-chat', { query: 'Summarise it.', inputs: {}, history: Array(6).fill(turn) })!;
    expect(six).toBeGreaterThan(bare);
    expect(estimateChatInput('paper-chat', { query: 'Summarise it.', inputs: {}, history: Array(9).fill(turn) })).toBe(six);
  });

  it('sizes the answer as this person’s average in the app, else a typical one', () => {
    expect(answerBasis('research', [], 500)).toEqual({ kind: 'typical', outputTokens: TYPICAL_ANSWER.research });
    expect(answerBasis('research', [day('research', 2, 1000, 600), day('paper-chat', 1, 10, 5000), day('research', 1, 500, 300)], 500)).toEqual({
      kind: 'average',
      outputTokens: 300,
      runs: 3,
    });
    // A review is metered as one total: its answer is the average total less this run's prompt.
    expect(answerBasis('literature-review', [{ appId: 'literature-review', messages: 2, inputTokens: 0, outputTokens: 0, totalTokens: 3000 }], 1000)).toEqual({
      kind: 'average',
      outputTokens: 500,
      runs: 2,
    });
    const run = estimateChatRun('research', { query: 'What is attention?', inputs: {} }, [day('research', 1, 800, 420)])!;
    expect(run).toMatchObject({ outputTokens: 420, basis: 'average', totalTokens: run.inputTokens + 420 });
  });
});
