// Unsaved text kept on this device, so a dropped connection, a closed tab or a crash loses no keystrokes. One
// entry per user and note, written on every change and removed once the server has the same text.
import type { NotePaper } from '../types';

export type NoteDraft = { title: string; body: string; tags: string[]; papers: NotePaper[] };
export type StoredDraft = { version: number; draft: NoteDraft };

const key = (userId: string, noteId: string) => `citewise:note-draft:${userId}:${noteId}`;

export function readLocalDraft(userId: string, noteId: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key(userId, noteId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDraft;
    return typeof stored.version === 'number' && typeof stored.draft?.body === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: string, noteId: string, stored: StoredDraft): void {
  try {
    window.localStorage.setItem(key(userId, noteId), JSON.stringify(stored));
  } catch {
    // Storage full or switched off (private mode): the autosave still runs, only the local copy is missing.
  }
}

export function removeLocalDraft(userId: string, noteId: string): void {
  try {
    window.localStorage.removeItem(key(userId, noteId));
  } catch {
    // As above.
  }
}

export function sameDraft(a: NoteDraft, b: NoteDraft): boolean {
  return (
    a.title === b.title &&
    a.body === b.body &&
    a.tags.join('\u0000') === b.tags.join('\u0000') &&
    a.papers.map((p) => `${p.libraryPaperId}\u0000${p.locator}`).join('\u0001') === b.papers.map((p) => `${p.libraryPaperId}\u0000${p.locator}`).join('\u0001')
  );
}
