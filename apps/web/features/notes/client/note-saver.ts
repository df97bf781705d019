// The autosave of one note, independent of React: every change is kept on the device first (local-draft.ts),
// then sent with the version it was made on once typing pauses. A save that gets no answer (offline) or a
// temporary refusal is retried with growing delays, and at once when the browser is back online; a save refused
// because the note was saved elsewhere (409) waits for the person to choose which version to keep.
import type { Note } from '../types';
import { sameDraft, type NoteDraft, type StoredDraft } from './local-draft';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'error' | 'conflict';

export type SaverState = {
  draft: NoteDraft;
  status: SaveStatus;
  /** The last failure, for its message. */
  error: unknown;
  /** The version saved elsewhere, while the person has not chosen between it and theirs. */
  conflict: Note | null;
  /** The draft came from this device's unsaved changes, not from the server. */
  restored: boolean;
};

/** What a failed call was: the product API's error code and status, or no answer at all. */
export type Failure = { code: string; status: number; retryAfterSeconds?: number };

export type SaverDeps = {
  save: (version: number, draft: NoteDraft) => Promise<Note>;
  load: () => Promise<Note>;
  failure: (error: unknown) => Failure;
  store: { read: () => StoredDraft | null; write: (stored: StoredDraft) => void; remove: () => void };
  onSaved: (note: Note) => void;
  /** Quiet time after the last change before a save. */
  delayMs?: number;
};

const RETRY_BASE_MS = 2000;
const RETRY_MAX_MS = 30_000;

export const draftOf = (note: Note): NoteDraft => ({ title: note.title, body: note.body, tags: note.tags, papers: note.papers });

export class NoteSaver {
  private state: SaverState;
  private server: { version: number; draft: NoteDraft };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private listeners = new Set<() => void>();

  constructor(
    note: Note,
    private readonly deps: SaverDeps,
  ) {
    this.server = { version: note.version, draft: draftOf(note) };
    const stored = deps.store.read();
    if (!stored || sameDraft(stored.draft, this.server.draft)) {
      if (stored) deps.store.remove();
      this.state = { draft: this.server.draft, status: 'saved', error: null, conflict: null, restored: false };
    } else if (stored.version === note.version) {
      // Changes made on the version the server still has: saved as soon as the editor starts (start()).
      this.state = { draft: stored.draft, status: 'unsaved', error: null, conflict: null, restored: true };
    } else {
      // Changes made on an older version would overwrite newer text: the person chooses.
      this.state = { draft: stored.draft, status: 'conflict', error: null, conflict: note, restored: true };
    }
  }

  getState = (): SaverState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: Partial<NoteDraft>): void {
    const draft = { ...this.state.draft, ...change };
    this.deps.store.write({ version: this.server.version, draft });
    if (this.state.conflict) return this.set({ draft });
    this.attempt = 0;
    this.set({ draft, status: 'unsaved' });
    this.schedule(this.deps.delayMs ?? 800);
  }

  /** Saves now; resolves once the server has the current text or the save failed. */
  async save(): Promise<void> {
    this.clearTimer();
    if (this.state.conflict) return;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const sending = this.state.draft;
    if (sameDraft(sending, this.server.draft)) {
      this.deps.store.remove();
      return this.set({ status: 'saved', error: null });
    }
    this.set({ status: 'saving' });
    this.running = this.deps
      .save(this.server.version, sending)
      .then((saved) => this.accept(saved, sending))
      .catch((error: unknown) => this.failed(error, sending));
    await this.running;
    this.running = null;
    if (this.again) {
      this.again = false;
      await this.save();
    }
  }

  /** Conflict: overwrite the other version with this one. */
  keepMine(): Promise<void> {
    const other = this.state.conflict;
    if (!other) return Promise.resolve();
    this.server = { version: other.version, draft: draftOf(other) };
    this.set({ conflict: null });
    return this.save();
  }

  /** Conflict: drop this version and go on from the saved one. */
  loadTheirs(): void {
    const other = this.state.conflict;
    if (!other) return;
    this.server = { version: other.version, draft: draftOf(other) };
    this.deps.store.remove();
    this.set({ draft: this.server.draft, conflict: null, status: 'saved', error: null });
    this.deps.onSaved(other);
  }

  /** The editor is on screen: unsaved changes (restored from the device) are saved. */
  start(): void {
    if (this.state.status === 'unsaved') this.schedule(0);
  }

  /** The browser is back online: a pending save goes at once. */
  online(): void {
    if (['offline', 'error', 'unsaved'].includes(this.state.status)) {
      this.attempt = 0;
      void this.save();
    }
  }

  /** The editor is closing: a change still waiting for its quiet time is sent now; no more retries. */
  stop(): void {
    const waiting = this.timer !== null && this.state.status === 'unsaved';
    this.clearTimer();
    if (waiting) void this.save();
  }

  private accept(saved: Note, sent: NoteDraft): void {
    this.attempt = 0;
    this.server = { version: saved.version, draft: sent };
    this.deps.onSaved(saved);
    if (sameDraft(this.state.draft, sent)) {
      this.deps.store.remove();
      this.set({ status: 'saved', error: null });
    } else {
      // Typed on while the save was under way: the rest goes next, on the new version.
      this.deps.store.write({ version: saved.version, draft: this.state.draft });
      this.again = true;
    }
  }

  private async failed(error: unknown, sent: NoteDraft): Promise<void> {
    const failure = this.deps.failure(error);
    if (failure.code === 'conflict') {
      try {
        // Saved elsewhere, or our own save went through and only its answer was lost.
        const current = await this.deps.load();
        if (sameDraft(draftOf(current), sent)) return this.accept(current, sent);
        this.deps.store.write({ version: this.server.version, draft: this.state.draft });
        return this.set({ status: 'conflict', conflict: current, error });
      } catch (loadError) {
        return this.retry(this.deps.failure(loadError), loadError);
      }
    }
    const temporary = failure.code === 'network_error' || failure.code === 'rate_limited' || failure.status >= 500;
    if (temporary) return this.retry(failure, error);
    this.set({ status: 'error', error });
  }

  private retry(failure: Failure, error: unknown): void {
    const delay = Math.max((failure.retryAfterSeconds ?? 0) * 1000, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempt++));
    this.set({ status: failure.code === 'network_error' ? 'offline' : 'error', error });
    this.schedule(delay);
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => void this.save(), delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(change: Partial<SaverState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
