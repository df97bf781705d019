'use client';

import { Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { AttachButton, AttachmentList } from '@/features/ai/attachments/attachment-bar';
import type { Attachments } from '@/features/ai/attachments/use-attachments';
import { CollectionSelect } from '@/features/ai/components/collection-select';
import { useLibraryCollections } from '@/features/ai/hooks/use-library-collections';
import { cn } from '@/lib/utils';
import { MAX_ASK_CHARS } from '@/features/ai/ask-limits';

type Props = {
  /** A conversation is open: the question is a follow-up in it. */
  followUp: boolean;
  busy: boolean;
  searchLibrary: boolean;
  onSearchLibrary: (on: boolean) => void;
  /** A collection of the library the answer comes from alone ('' for none). */
  collection: string;
  onCollection: (id: string) => void;
  onAsk: (question: string) => void;
  onStop: () => void;
  onNew: () => void;
  /** Files to send with the question, when the assistant reads them; sending waits for their uploads. */
  attachments?: Attachments;
  /** Nothing can be asked (Ctrl/⌘+Enter included): the month's messages are used up. */
  disabled?: boolean;
  /** Beside the button: why asking is off. */
  note?: ReactNode;
  /** The question as it is typed, for its cost. */
  onQuestionChange?: (question: string) => void;
};

/**
 * The question box of Ask: a first question, or a follow-up once a conversation is open (its library switch is
 * then the conversation's, shown and fixed). Ctrl/⌘+Enter sends; Esc stops the answer.
 */
export function AskForm(props: Props) {
  const { followUp, busy, searchLibrary, onSearchLibrary, collection, onCollection, onAsk, onStop, onNew, attachments, disabled, note, onQuestionChange } =
    props;
  const t = useTranslations('research.ask');
  const [question, setQuestionState] = useState('');
  const setQuestion = (value: string) => {
    setQuestionState(value);
    onQuestionChange?.(value);
  };
  const uploading = attachments?.uploading ?? false;
  // Signed out, Ask offers no library: the collection choice shows only to a signed-in user.
  const library = useLibraryCollections();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || disabled || uploading || !question.trim()) return;
    onAsk(question.trim());
    setQuestion('');
  }

  return (
    <form onSubmit={submit} className="grid gap-2" aria-labelledby="ask-question-label" data-testid="ask-form">
      <label id="ask-question-label" htmlFor="ask-question" className="text-sm font-medium">
        {followUp ? t('followUpLabel') : t('label')}
      </label>
      <textarea
        id="ask-question"
        rows={3}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
          else if (event.key === 'Escape' && busy) {
            event.preventDefault();
            onStop();
          }
        }}
        placeholder={followUp ? t('followUpPlaceholder') : t('placeholder')}
        maxLength={MAX_ASK_CHARS}
        className={cn(inputClasses, 'h-auto min-h-20 py-2')}
        data-testid="ask-input"
      />
      {attachments ? <AttachmentList attachments={attachments} /> : null}
      <label className="flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={searchLibrary && !collection}
          disabled={followUp || Boolean(collection)}
          onChange={(event) => onSearchLibrary(event.target.checked)}
          className="size-4 accent-primary"
          aria-describedby={followUp ? 'ask-library-fixed' : undefined}
          data-testid="ask-search-library"
        />
        {t('searchLibrary')}
      </label>
      {!library.signedOut && !library.isPending ? (
        <div className="grid gap-1 text-sm sm:max-w-md">
          <label htmlFor="ask-collection">{t('collection')}</label>
          <CollectionSelect
            id="ask-collection"
            name="library_collection"
            value={collection}
            onChange={onCollection}
            disabled={followUp}
            aria-describedby="ask-collection-hint"
            testId="ask-collection"
            loaded={library}
          />
          <p id="ask-collection-hint" className="text-xs text-muted-foreground">
            {t('collectionHint')}
          </p>
        </div>
      ) : null}
      {followUp ? (
        <p id="ask-library-fixed" className="text-xs text-muted-foreground">
          {t('libraryFixed')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {attachments ? <AttachButton attachments={attachments} disabled={busy} /> : null}
        <Button type="submit" disabled={busy || disabled || uploading || !question.trim()} data-testid="ask-submit">
          {busy ? t('asking') : t('submit')}
        </Button>
        {busy ? (
          <Button type="button" variant="outline" onClick={onStop} data-testid="ask-stop">
            {t('stop')}
          </Button>
        ) : null}
        {followUp && !busy ? (
          <Button type="button" variant="ghost" onClick={onNew} data-testid="ask-new">
            <Plus aria-hidden />
            {t('newQuestion')}
          </Button>
        ) : null}
        <p className="text-xs text-muted-foreground">{t('hint')}</p>
      </div>
      {note}
    </form>
  );
}
