// A paragraph of a note sent to a writing tool, and its way back: the note's editor writes it before it opens the
// tool (`/ai/completion/{app}?note={id}`); the tool page reads it to fill its text and, once it has a result, to put
// the result in place of the paragraph. It lives in this tab's sessionStorage: a note's text never goes in a URL.
import { z } from 'zod';

const handoffSchema = z.object({
  noteId: z.uuid(),
  title: z.string().max(500),
  /** The paragraph as it was sent, and where it stood in the note's text then. */
  text: z.string().min(1).max(100_000),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});

export type NoteHandoff = z.infer<typeof handoffSchema>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;
const KEY = 'citewise.noteToTool';

export function sendToTool(storage: Storage, handoff: NoteHandoff): void {
  storage.setItem(KEY, JSON.stringify(handoff));
}

/** The paragraph sent from note `noteId`, or null (another note's, none, or damaged). */
export function receivedFromNote(storage: Storage, noteId: string): NoteHandoff | null {
  try {
    const parsed = handoffSchema.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    return parsed.success && parsed.data.noteId === noteId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetHandoff(storage: Storage): void {
  storage.removeItem(KEY);
}

/**
 * The note's text with `result` in place of the paragraph that was sent: where it stood, or else where it stands now
 * (the note was edited around it); null when the paragraph is no longer in the note, so nothing is overwritten.
 */
export function putBack(body: string, handoff: Pick<NoteHandoff, 'text' | 'start' | 'end'>, result: string): string | null {
  const start = body.slice(handoff.start, handoff.end) === handoff.text ? handoff.start : body.indexOf(handoff.text);
  if (start < 0) return null;
  return body.slice(0, start) + result + body.slice(start + handoff.text.length);
}

/** The paragraph around `cursor` (blank lines separate paragraphs), as the text and its range; null on a blank line. */
export function paragraphAt(body: string, cursor: number): Pick<NoteHandoff, 'text' | 'start' | 'end'> | null {
  const before = body.lastIndexOf('\n\n', Math.max(0, cursor - 1));
  const after = body.indexOf('\n\n', cursor);
  const start = before < 0 ? 0 : before + 2;
  const end = after < 0 ? body.length : after;
  const raw = body.slice(start, end);
  const text = raw.trim();
  if (!text) return null;
  const offset = start + raw.indexOf(text);
  return { text, start: offset, end: offset + text.length };
}
