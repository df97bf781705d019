import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../types';
import type { StoredDraft } from './local-draft';
import { NoteSaver, type Failure } from './note-saver';

const note = (version: number, body: string): Note => ({ id: 'n1', title: 'T', body, tags: [], version, papers: [], createdAt: '', updatedAt: '' });

class Offline extends Error {}
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

function setup(start: Note, stored: StoredDraft | null = null) {
  let server = start;
  let local = stored;
  const calls: string[] = [];
  let offline = false;
  const deps = {
    save: vi.fn(async (version: number, draft: { body: string }) => {
      calls.push(draft.body);
      if (offline) throw new Offline();
      if (version !== server.version) throw new Refused({ code: 'conflict', status: 409 });
      server = note(server.version + 1, draft.body);
      return server;
    }),
    load: async () => server,
    failure: (error: unknown): Failure => (error instanceof Refused ? error.failure : { code: 'network_error', status: 0 }),
    store: { read: () => local, write: (s: StoredDraft) => void (local = s), remove: () => void (local = null) },
    onSaved: vi.fn(),
    delayMs: 800,
  };
  const saver = new NoteSaver(start, deps);
  return {
    saver,
    deps,
    calls,
    server: () => server,
    local: () => local,
    setServer: (n: Note) => void (server = n),
    setOffline: (value: boolean) => void (offline = value),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the note autosave', () => {
  it('keeps every change on the device and saves once typing pauses', async () => {
    const s = setup(note(1, ''));
    s.saver.update({ body: 'H' });
    s.saver.update({ body: 'Hi' });
    expect(s.local()?.draft.body).toBe('Hi');
    expect(s.saver.getState().status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(800);
    expect(s.calls).toEqual(['Hi']);
    expect(s.saver.getState().status).toBe('saved');
    expect(s.server()).toMatchObject({ body: 'Hi', version: 2 });
    expect(s.local()).toBeNull();
  });

  it('loses no keystroke while offline: retries, and saves at once when back online', async () => {
    const s = setup(note(1, ''));
    s.setOffline(true);
    s.saver.update({ body: 'written offline' });
    await vi.advanceTimersByTimeAsync(800);
    expect(s.saver.getState().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(2000);
    expect(s.calls).toHaveLength(2);
    s.saver.update({ body: 'written offline, and more' });
    expect(s.local()?.draft.body).toBe('written offline, and more');
    s.setOffline(false);
    s.saver.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.saver.getState().status).toBe('saved');
    expect(s.server().body).toBe('written offline, and more');
  });

  it('restores unsaved text kept on the device and saves it when the editor starts', async () => {
    const s = setup(note(3, 'old'), { version: 3, draft: { title: 'T', body: 'typed before the reload', tags: [], papers: [] } });
    expect(s.saver.getState()).toMatchObject({ restored: true, status: 'unsaved', draft: { body: 'typed before the reload' } });
    s.saver.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.server()).toMatchObject({ body: 'typed before the reload', version: 4 });
  });

  it('never overwrites a version saved elsewhere: the person chooses', async () => {
    const s = setup(note(1, 'start'));
    s.setServer(note(2, 'other tab'));
    s.saver.update({ body: 'this tab' });
    await vi.advanceTimersByTimeAsync(800);
    expect(s.saver.getState()).toMatchObject({ status: 'conflict', conflict: { body: 'other tab', version: 2 } });
    // Typing on is kept, but not sent until the choice.
    s.saver.update({ body: 'this tab!' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.server().body).toBe('other tab');
    await s.saver.keepMine();
    expect(s.server()).toMatchObject({ body: 'this tab!', version: 3 });
    expect(s.saver.getState().status).toBe('saved');
  });

  it('can drop its own version for the one saved elsewhere', async () => {
    const s = setup(note(1, 'start'), { version: 0, draft: { title: 'T', body: 'stale draft', tags: [], papers: [] } });
    expect(s.saver.getState().status).toBe('conflict');
    s.saver.loadTheirs();
    expect(s.saver.getState()).toMatchObject({ status: 'saved', draft: { body: 'start' } });
    expect(s.local()).toBeNull();
  });

  it('takes a conflict caused by its own save whose answer was lost as saved', async () => {
    const s = setup(note(1, 'start'));
    s.setServer(note(2, 'mine'));
    s.saver.update({ body: 'mine' });
    await vi.advanceTimersByTimeAsync(800);
    expect(s.saver.getState().status).toBe('saved');
  });
});
