'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api/client';
import { useApi } from '@/lib/api/use-api';
import type { Note } from '../types';
import { readLocalDraft, removeLocalDraft, writeLocalDraft, type NoteDraft } from './local-draft';
import { NoteSaver } from './note-saver';

export type { SaveStatus } from './note-saver';

/** One note's editing state, saved as the person types (note-saver.ts), with its unsaved text kept on the device. */
export function useAutosave(note: Note, userId: string, onSaved: (note: Note) => void) {
  const api = useApi();
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  const [saver] = useState(
    () =>
      new NoteSaver(note, {
        save: async (version: number, draft: NoteDraft) => {
          const papers = draft.papers.map(({ libraryPaperId, locator }) => ({ libraryPaperId, locator }));
          const body = { version, title: draft.title, body: draft.body, tags: draft.tags, papers };
          return (await api.fetch<{ note: Note }>(`/api/notes/${note.id}`, { method: 'PATCH', body })).note;
        },
        load: async () => (await api.fetch<{ note: Note }>(`/api/notes/${note.id}`)).note,
        failure: (error) =>
          error instanceof ApiError ? { code: error.code, status: error.status, retryAfterSeconds: error.retryAfter } : { code: 'network_error', status: 0 },
        store: {
          read: () => readLocalDraft(userId, note.id),
          write: (stored) => writeLocalDraft(userId, note.id, stored),
          remove: () => removeLocalDraft(userId, note.id),
        },
        onSaved: (saved) => onSavedRef.current(saved),
      }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState, saver.getState);
  useEffect(() => {
    const online = () => saver.online();
    saver.start();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.stop();
    };
  }, [saver]);
  return { ...state, saver };
}
