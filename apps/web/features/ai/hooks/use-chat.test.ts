import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../client/dify-types';
import { prependTurns, turnFromMessage } from './use-chat';

const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 'c1',
  query: `question ${id}`,
  answer: `answer ${id}`,
  inputs: {},
  feedback: null,
  created_at: 0,
  ...extra,
});

describe('turnFromMessage', () => {
  it('keeps the user’s uploaded files of a message, named, and leaves out remote URLs and the assistant’s files', () => {
    const turn = turnFromMessage(
      message('m1', {
        message_files: [
          { id: 'f1', type: 'document', belongs_to: 'user', transfer_method: 'local_file', upload_file_id: 'f1', filename: 'notes.txt' },
          { id: 'f2', type: 'image', belongs_to: 'user', transfer_method: 'local_file', upload_file_id: 'f2', filename: 'figure.png' },
          { id: 'f3', type: 'document', belongs_to: 'user', transfer_method: 'remote_url', url: 'https://example.org/a.pdf' },
          { id: 'f4', type: 'image', belongs_to: 'assistant', url: 'https://example.org/b.png' },
        ],
      }),
    );
    expect(turn.files).toEqual([
      { id: 'f1', name: 'notes.txt', kind: 'document' },
      { id: 'f2', name: 'figure.png', kind: 'image' },
    ]);
    expect(turnFromMessage(message('m2')).files).toEqual([]);
  });
});

describe('prependTurns', () => {
  it('puts an older page above the thread without repeating a message already shown', () => {
    const shown = [turnFromMessage(message('m3')), turnFromMessage(message('m4'))];
    const older = [turnFromMessage(message('m1')), turnFromMessage(message('m2')), turnFromMessage(message('m3'))];
    expect(prependTurns(shown, older).map((t) => t.messageId)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
