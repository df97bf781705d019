// The user's past runs of a writing tool, kept with the account: the AI runtime stores every completion message, and
// its GET /completion-messages (our addition, docs/protocols/dify.md §2.3) lists them, so the history follows the
// user to another browser or device.
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { difyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import type { CompletionRun } from '../types';

export const HISTORY_LIMIT = 20;

export type WritingRun = {
  id: string;
  createdAt: string;
  inputs: Record<string, string>;
  output: string;
  /** Whether the answer ended early (stopped, cut off or failed): the output is what arrived. */
  partial: boolean;
};

/** A run as the history shows it: the runtime's message, its inputs as the form's text values. */
export function writingRunOf(run: CompletionRun): WritingRun {
  const inputs = Object.fromEntries(Object.entries(run.inputs).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  return { id: run.id, createdAt: new Date(run.created_at * 1000).toISOString(), inputs, output: run.answer, partial: run.stopped || run.status === 'error' };
}

function asAiError(caught: unknown): AiError {
  return caught instanceof AiError ? caught : new AiError('other', 'internal_server_error', String(caught), 0);
}

/** The newest HISTORY_LIMIT runs of `appId`; `reload()` after a run, `clear()` forgets them all. */
export function useWritingHistory(appId: string) {
  const locale = useLocale();
  const [runs, setRuns] = useState<WritingRun[] | null>(null);
  const [error, setError] = useState<AiError | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    difyApi(appId, locale)
      .completions(HISTORY_LIMIT)
      .then((page) => {
        if (!live) return;
        setRuns(page.data.map(writingRunOf));
        setError(null);
      })
      .catch((caught: unknown) => live && setError(asAiError(caught)));
    return () => {
      live = false;
    };
  }, [appId, locale, version]);

  /** Reads the list again (after a run, which the runtime kept). */
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  const clear = useCallback(async () => {
    try {
      await difyApi(appId, locale).clearCompletions();
      setRuns([]);
      setError(null);
    } catch (caught) {
      setError(asAiError(caught));
    }
  }, [appId, locale]);

  return { runs, error, reload, clear };
}
