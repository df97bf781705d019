'use client';

import { Check, CloudOff, Loader2, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useErrorText } from '@/hooks/use-error-message';
import type { SaveStatus } from '../client/use-autosave';

/** Where the note's text stands: saved, saving, not yet saved, kept offline, or refused. Announced politely. */
export function SaveStatusLine({ status, error, onRetry }: { status: SaveStatus; error: unknown; onRetry: () => void }) {
  const t = useTranslations('notes.status');
  const errorText = useErrorText();
  const icon =
    status === 'saved' ? (
      <Check aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
    ) : status === 'saving' ? (
      <Loader2 aria-hidden className="size-4 animate-spin" />
    ) : status === 'offline' ? (
      <CloudOff aria-hidden className="size-4 text-amber-600 dark:text-amber-400" />
    ) : status === 'unsaved' ? null : (
      <TriangleAlert aria-hidden className="size-4 text-destructive" />
    );
  const text = status === 'error' ? t('error', { message: errorText(error) }) : t(status);
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <p role="status" aria-live="polite" className="flex items-center gap-1.5" data-testid="note-save-status" data-status={status}>
        {icon}
        <span>{text}</span>
      </p>
      {status === 'offline' || status === 'error' ? (
        <button
          type="button"
          onClick={onRetry}
          className="rounded text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
