import { describe, expect, it } from 'vitest';
import { paragraphAt, putBack, receivedFromNote, sendToTool } from './note-to-tool';

const NOTE = '11111111-1111-4111-8111-111111111111';
const BODY = 'First paragraph.\n\nThe results was good.\nStill the second.\n\nThird.';

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('a note paragraph sent to a writing tool', () => {
  it('takes the paragraph around the cursor, lines and all, and none on a blank line', () => {
    expect(paragraphAt(BODY, BODY.indexOf('was'))).toEqual({ text: 'The results was good.\nStill the second.', start: 18, end: 57 });
    expect(paragraphAt(BODY, 0)?.text).toBe('First paragraph.');
    expect(paragraphAt(BODY, BODY.length)?.text).toBe('Third.');
    expect(paragraphAt('a\n\n\n\nb', 3)).toBeNull();
  });

  it('puts the result where the paragraph stood, or where it stands after edits around it, and nowhere once it is gone', () => {
    const sent = paragraphAt(BODY, 20)!;
    expect(putBack(BODY, sent, 'The results were good.')).toBe('First paragraph.\n\nThe results were good.\n\nThird.');
    expect(putBack(`Added on top.\n\n${BODY}`, sent, 'X')).toBe('Added on top.\n\nFirst paragraph.\n\nX\n\nThird.');
    expect(putBack('First paragraph.\n\nRewritten by hand.', sent, 'X')).toBeNull();
  });

  it('is read back only for the note it came from, and a damaged entry reads as none', () => {
    const storage = memory();
    sendToTool(storage, { noteId: NOTE, title: 'Draft', text: 'Hello', start: 0, end: 5 });
    expect(receivedFromNote(storage, NOTE)?.text).toBe('Hello');
    expect(receivedFromNote(storage, '22222222-2222-4222-8222-222222222222')).toBeNull();
    storage.setItem('citewise.noteToTool', '{broken');
    expect(receivedFromNote(storage, NOTE)).toBeNull();
  });
});
