'use client';

import { useCallback, useRef, useState } from 'react';
import type { DifyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import { checkFiles, fileKind, type AttachmentProblem, type AttachmentRules } from './attachment-rules';

/** A file attached to the question being written. */
export type PendingFile = {
  key: string;
  name: string;
  kind: 'image' | 'document';
  status: 'uploading' | 'ready';
  id: string | null;
  /** The text a plain-text document brings to the prompt, for the cost estimate; null where only the runtime can read it (PDFs, images). */
  text: string | null;
};

/** Documents whose text is the file itself; a PDF's text is known only once the runtime has read it. */
const PLAIN_TEXT = /\.(txt|md|markdown|mdx|csv|html|xml|vtt|properties)$/i;
/** The runtime reads at most this much of a document (AI_ATTACHMENT_TEXT_LIMIT's default). */
const TEXT_LIMIT = 40_000;

/** How a question sends its files (Dify's `files` of chat-messages) and how the page shows them on the question. */
export type SentFile = { id: string; name: string; kind: 'image' | 'document' };

/** A refused or failed file, shown under the composer until the next choice. */
export type AttachmentNotice = AttachmentProblem | { problem: 'uploadFailed'; name: string; error: AiError };

let counter = 0;

/** The files of the question being written: checked, uploaded right away, removable until it is sent. */
export function useAttachments(api: DifyApi, rules: AttachmentRules | null) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [notices, setNotices] = useState<AttachmentNotice[]>([]);
  // Uploads finishing after a file was removed (or the question sent) must not bring it back.
  const live = useRef(new Set<string>());

  const add = useCallback(
    (chosen: File[]) => {
      if (!rules) return;
      const { accepted, problems } = checkFiles(chosen, files.length, rules);
      setNotices(problems);
      for (const index of accepted) {
        const file = chosen[index]!;
        const key = `file-${++counter}`;
        live.current.add(key);
        setFiles((all) => [...all, { key, name: file.name, kind: fileKind(file.name), status: 'uploading', id: null, text: null }]);
        if (PLAIN_TEXT.test(file.name))
          void file.text().then(
            (text) => live.current.has(key) && setFiles((all) => all.map((f) => (f.key === key ? { ...f, text: text.slice(0, TEXT_LIMIT) } : f))),
            () => undefined,
          );
        api.upload(file).then(
          (uploaded) => {
            if (live.current.has(key)) setFiles((all) => all.map((f) => (f.key === key ? { ...f, status: 'ready', id: uploaded.id } : f)));
          },
          (error: unknown) => {
            if (!live.current.delete(key)) return;
            setFiles((all) => all.filter((f) => f.key !== key));
            const failure = error instanceof AiError ? error : new AiError('other', 'internal_server_error', String(error), 500);
            setNotices((all) => [...all, { problem: 'uploadFailed', name: file.name, error: failure }]);
          },
        );
      }
    },
    [api, files.length, rules],
  );

  const remove = useCallback((key: string) => {
    live.current.delete(key);
    setFiles((all) => all.filter((f) => f.key !== key));
  }, []);

  /** The uploaded files to send with the question; the composer is emptied of them. */
  const take = useCallback((): SentFile[] => {
    const ready = files.filter((f) => f.status === 'ready' && f.id).map((f) => ({ id: f.id!, name: f.name, kind: f.kind }));
    live.current.clear();
    setFiles([]);
    setNotices([]);
    return ready;
  }, [files]);

  return { rules, files, notices, uploading: files.some((f) => f.status === 'uploading'), add, remove, take };
}

export type Attachments = ReturnType<typeof useAttachments>;
