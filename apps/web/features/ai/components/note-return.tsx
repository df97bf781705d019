'use client';

import { NotebookPen } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api/client';
import { useApi } from '@/lib/api/use-api';
import { forgetHandoff, putBack, type NoteHandoff } from '@/lib/handoff/note-to-tool';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useErrorText } from '@/hooks/use-error-message';

type NoteBody = { note: { id: string; body: string; version: number } };
type State = { kind: 'idle' } | { kind: 'saving' } | { kind: 'gone' } | { kind: 'failed'; message: string };

/**
 * The writing tool opened from a note: says which note the text came from and, once there is a result, puts it in
 * place of the paragraph (the note as it is now, at its current version; one more try if it was saved meanwhile),
 * then goes back to the note.
 */
export function NoteReturn({ handoff, result }: { handoff: NoteHandoff; result: string | null }) {
  const t = useTranslations('aiWriting.fromNote');
  const api = useApi();
  const router = useRouter();
  const errorText = useErrorText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const notePath = `/dashboard/demo/notes?note=${handoff.noteId}`;

  async function bringBack(text: string, attemptsLeft = 1): Promise<void> {
    setState({ kind: 'saving' });
    try {
      const { note } = await api.fetch<NoteBody>(`/api/notes/${handoff.noteId}`);
      const body = putBack(note.body, handoff, text);
      if (body === null) return setState({ kind: 'gone' });
      await api.fetch(`/api/notes/${handoff.noteId}`, { method: 'PATCH', body: { version: note.version, body } });
      forgetHandoff(sessionStorage);
      router.push(notePath);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict' && attemptsLeft > 0) return bringBack(text, attemptsLeft - 1);
      setState({ kind: 'failed', message: errorText(error) });
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm" aria-labelledby="note-return-title" data-testid="note-return">
      <div className="flex items-start gap-3">
        <NotebookPen className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id="note-return-title" className="font-medium break-words">
            {t('title', { title: handoff.title || t('untitled') })}
          </h2>
          <p className="text-muted-foreground">{t('lead')}</p>
        </div>
      </div>
      {state.kind === 'gone' ? <FormAlert>{t('gone')}</FormAlert> : null}
      {state.kind === 'failed' ? <FormAlert>{state.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={!result || state.kind === 'saving'}
          onClick={() => result && void bringBack(result)}
          data-testid="note-return-put-back"
        >
          {state.kind === 'saving' ? t('saving') : t('putBack')}
        </Button>
        <Link href={notePath} className="inline-flex h-9 items-center rounded-md px-3 text-sm text-primary underline-offset-4 hover:underline">
          {t('open')}
        </Link>
      </div>
    </section>
  );
}
