'use client';

import { SendHorizontal, Square } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The question box: Enter sends, Shift+Enter starts a new line, Esc (or the button) stops the answer. */
export function Composer({ busy, disabled, onSend, onStop }: { busy: boolean; disabled?: boolean; onSend: (text: string) => void; onStop: () => void }) {
  const t = useTranslations('aiChat');
  const [text, setText] = useState('');
  function submit() {
    if (busy || disabled || !text.trim()) return;
    onSend(text.trim());
    setText('');
  }
  return (
    <form
      className="flex items-end gap-2 rounded-lg border bg-card p-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
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
        <Button type="submit" disabled={disabled || !text.trim()} data-testid="chat-send">
          <SendHorizontal aria-hidden />
          {t('send')}
        </Button>
      )}
    </form>
  );
}
