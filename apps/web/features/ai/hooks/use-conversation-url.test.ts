import { describe, expect, it } from 'vitest';
import { conversationOfPath, conversationPath } from './use-conversation-url';

describe('a conversation in the address', () => {
  const base = '/zh/ai/chat/paper-chat';

  it('reads the conversation an address names under the page’s path', () => {
    expect(conversationOfPath(`${base}/c-1`, base)).toBe('c-1');
    expect(conversationOfPath(`${base}/c-1/`, base)).toBe('c-1');
    expect(conversationOfPath(base, base)).toBeNull();
    expect(conversationOfPath(`${base}/`, base)).toBeNull();
  });

  it('leaves other addresses alone (another tab of the page, another app, a deeper path)', () => {
    expect(conversationOfPath('/zh/ai/research', '/zh/ai/research/ask')).toBeUndefined();
    expect(conversationOfPath('/zh/ai/chat/paper-chat-2/c-1', base)).toBeUndefined();
    expect(conversationOfPath(`${base}/c-1/more`, base)).toBeUndefined();
  });

  it('writes the address back, and reads it again the same', () => {
    expect(conversationPath(base, null)).toBe(base);
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(conversationOfPath(conversationPath(base, id), base)).toBe(id);
  });
});
