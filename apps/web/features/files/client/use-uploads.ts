'use client';

import { useCallback, useRef, useState } from 'react';
import { fileKey, fileType } from '@/lib/files/file-keys';
import { refusalOf, type Refusal } from './refusal';
import type { FilesUsage } from '../types';
import { StorageCallError, type StorageProblem } from '@/lib/supabase/storage-problem';
import { uploadFile, type UploadTarget } from './upload-file';

export type Upload = {
  id: string;
  name: string;
  size: number;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  problem?: StorageProblem | Refusal;
};

type Options = {
  userId: string;
  folder: readonly string[];
  usage: FilesUsage | undefined;
  /** The target with a fresh access token, asked for just before each upload. */
  target: () => Promise<UploadTarget>;
  onUploaded: () => void;
};

/**
 * The uploads of this page: each file is checked against the bucket's type and size limits and against what is
 * left of the plan's quota before a byte is sent (the service checks again), then sent with its own progress.
 */
export function useUploads({ userId, folder, usage, target, onUploaded }: Options) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const pendingBytes = useRef(0);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u))), []);

  const refusal = useCallback((file: File, type: string) => refusalOf(file, type, usage, pendingBytes.current), [usage]);

  const add = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = crypto.randomUUID();
        const type = fileType(file);
        const refused = refusal(file, type);
        const entry: Upload = { id, name: file.name, size: file.size, progress: 0, status: refused ? 'failed' : 'uploading', problem: refused ?? undefined };
        setUploads((all) => [entry, ...all]);
        if (refused) continue;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        pendingBytes.current += file.size;
        void target()
          .then((t) => uploadFile(t, fileKey(userId, folder, file.name), file, type, (progress) => update(id, { progress }), controller.signal))
          .then(
            () => {
              update(id, { status: 'done', progress: 1 });
              onUploaded();
            },
            (error: unknown) => {
              if (error instanceof DOMException && error.name === 'AbortError') setUploads((all) => all.filter((u) => u.id !== id));
              else update(id, { status: 'failed', problem: error instanceof StorageCallError ? error.problem : 'failed' });
            },
          )
          .finally(() => {
            pendingBytes.current -= file.size;
            controllers.current.delete(id);
          });
      }
    },
    [refusal, target, userId, folder, update, onUploaded],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  const dismiss = useCallback((id: string) => setUploads((all) => all.filter((u) => u.id !== id)), []);
  const clearFinished = useCallback(() => setUploads((all) => all.filter((u) => u.status === 'uploading')), []);

  return { uploads, add, cancel, dismiss, clearFinished };
}
