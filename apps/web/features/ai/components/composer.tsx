'use client';

import { SendHorizontal, Square } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AttachButton, AttachmentList } from '../attachments/attachment-bar';
import type { Attachments } from '../attachments/use-attachments';

type Props = {
  busy: boolean;
  /** Nothing can be sent (Enter included): inputs are missing, or the month's messages are used up. */
  disabled?: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** The question as it is typed, e.g. for its cost. */
  onTextChange?: (text: string) => void;
  /** Shown under the box, e.g. why sending is off. */
  note?: ReactNode;
  attachments?: Attachments;
};

/**
 * The question box: Enter sends, Shift+Enter starts a new line, Esc (or the button) stops the answer. With
 * `attachments` (apps that take files) it has an attach button and lists the files; sending waits for uploads.
 */
export function Composer({ busy, disabled, onSend, onStop, onTextChange, note, attachments }: Props) {
  const t = useTranslations('aiChat');
  const [text, setTextState] = useState('');
  const setText = (value: string) => {
    setTextState(value);
    onTextChange?.(value);
  };
  const uploading = attachments?.uploading ?? false;
  function submit() {
    if (busy || disabled || uploading || !text.trim()) return;
    onSend(text.trim());
    setText('');
  }
  return (
    <form
      className="rounded-lg border bg-card p-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {attachments && <AttachmentList attachments={attachments} />}
      <div className="flex items-end gap-2">
        {attachments && <AttachButton attachments={attachments} disabled={busy || Boolean(disabled)} />}
        <label htmlFor="chat-input" className="sr-only">
          {t('inputLabel')}
        </label>
        <textarea
          id="chat-input"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            } else if (e.key === 'Escape' && busy) {
              e.preventDefault();
              onStop();
            }
          }}
          placeholder={t('placeholder')}
          aria-describedby="chat-input-hint"
          className="max-h-48 min-h-12 flex-1 resize-y bg-transparent px-2 py-1 text-base outline-none placeholder:text-muted-foreground"
          data-testid="chat-input"
        />
        <span id="chat-input-hint" className="sr-only">
          {t('inputHint')}
        </span>
        {busy ? (
          <Button type="button" variant="outline" onClick={onStop} data-testid="chat-stop">
            <Square aria-hidden />
            {t('stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={disabled || uploading || !text.trim()} data-testid="chat-send">
            <SendHorizontal aria-hidden />
            {t('send')}
          </Button>
        )}
      </div>
      {note}
    </form>
  );
}
