'use client';

import { FileText, Image as ImageIcon, Loader2, Paperclip, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { acceptAttribute } from './attachment-rules';
import type { AttachmentNotice, Attachments } from './use-attachments';

/** The attach button of the composer: opens the file chooser for the types the app reads. */
export function AttachButton({ attachments, disabled }: { attachments: Attachments; disabled: boolean }) {
  const t = useTranslations('aiChatMore');
  const input = useRef<HTMLInputElement>(null);
  const { rules } = attachments;
  if (!rules) return null;
  const full = attachments.files.length >= rules.maxFiles;
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptAttribute(rules)}
        onChange={(e) => {
          attachments.add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
        data-testid="chat-file-input"
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        disabled={disabled || full}
        onClick={() => input.current?.click()}
        title={t('attach', { max: rules.maxFiles, images: rules.images ? 'yes' : 'no' })}
        data-testid="chat-attach"
      >
        <Paperclip aria-hidden />
        <span className="sr-only">{t('attach', { max: rules.maxFiles, images: rules.images ? 'yes' : 'no' })}</span>
      </Button>
    </>
  );
}

/** The attached files (uploading or ready, each removable) and what went wrong with the last choice. */
export function AttachmentList({ attachments }: { attachments: Attachments }) {
  const t = useTranslations('aiChatMore');
  if (attachments.files.length === 0 && attachments.notices.length === 0) return null;
  return (
    <div className="space-y-1 px-1 pt-1">
      {attachments.files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('attached')} data-testid="chat-attachments">
          {attachments.files.map((file) => (
            <li
              key={file.key}
              className="flex max-w-full items-center gap-1 rounded-md border bg-muted px-2 py-1 text-xs"
              data-status={file.status}
              data-testid="chat-attachment"
            >
              {file.status === 'uploading' ? (
                <Loader2 aria-hidden className="size-3.5 shrink-0 animate-spin motion-reduce:animate-none" />
              ) : file.kind === 'image' ? (
                <ImageIcon aria-hidden className="size-3.5 shrink-0" />
              ) : (
                <FileText aria-hidden className="size-3.5 shrink-0" />
              )}
              <span className="truncate">{file.name}</span>
              {file.status === 'uploading' && <span className="sr-only">{t('uploading')}</span>}
              <button
                type="button"
                onClick={() => attachments.remove(file.key)}
                className="ml-1 rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t('remove', { name: file.name })}
                data-testid="chat-attachment-remove"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {attachments.notices.length > 0 && (
        <div role="alert" className="text-xs text-destructive" data-testid="chat-attachment-notice">
          {attachments.notices.map((notice, i) => (
            <p key={i}>{noticeText(t, notice)}</p>
          ))}
        </div>
      )}
    </div>
  );
}

function noticeText(t: ReturnType<typeof useTranslations<'aiChatMore'>>, notice: AttachmentNotice): string {
  switch (notice.problem) {
    case 'tooMany':
      return t('tooMany', { max: notice.max });
    case 'typeNotAllowed':
      return t('typeNotAllowed', { name: notice.name });
    case 'tooLarge':
      return t('tooLarge', { name: notice.name, limit: notice.limitMb });
    case 'uploadFailed':
      if (notice.error.code === 'file_too_large') return t('tooLargeServer', { name: notice.name });
      if (notice.error.code === 'unsupported_file_type') return t('typeNotAllowed', { name: notice.name });
      if (notice.error.kind === 'network') return t('uploadNetwork', { name: notice.name });
      return t('uploadFailed', { name: notice.name });
  }
}

/** The files a question was sent with, on the question itself. */
export function QuestionFiles({ files }: { files: ReadonlyArray<{ name: string; kind: string }> }) {
  const t = useTranslations('aiChatMore');
  if (files.length === 0) return null;
  return (
    <ul className="ml-auto flex w-fit max-w-[85%] flex-wrap justify-end gap-2" aria-label={t('sentFiles')} data-testid="chat-question-files">
      {files.map((file, i) => (
        <li key={i} className="flex max-w-full items-center gap-1 rounded-md border px-2 py-1 text-xs text-muted-foreground">
          {file.kind === 'image' ? <ImageIcon aria-hidden className="size-3.5 shrink-0" /> : <FileText aria-hidden className="size-3.5 shrink-0" />}
          <span className="truncate">{file.name}</span>
        </li>
      ))}
    </ul>
  );
}
