'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { AiError } from '../client/dify-error';
import type { WritingRun } from '../writing/run-history';
import { AiErrorNotice } from './ai-error-notice';

/** The user's earlier runs of this tool, kept with the account; choosing one shows it again. */
export function RunHistoryList({
  runs,
  error,
  onOpen,
  onClear,
}: {
  /** Null while they load. */
  runs: readonly WritingRun[] | null;
  error: AiError | null;
  onOpen: (run: WritingRun) => void;
  onClear: () => void;
}) {
  const t = useTranslations('aiWriting.history');
  const format = useFormatter();
  return (
    <section aria-labelledby="ai-history-title" className="grid content-start gap-3" data-testid="ai-history">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="ai-history-title" className="text-base font-semibold">
          {t('title')}
        </h2>
        {runs?.length ? (
          <Button type="button" variant="ghost" size="sm" onClick={onClear} data-testid="ai-history-clear">
            {t('clear')}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{t('local')}</p>
      {error ? <AiErrorNotice error={error} /> : null}
      {runs === null ? (
        error ? null : (
          <p className="text-sm text-muted-foreground" role="status">
            {t('loading')}
          </p>
        )
      ) : runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {runs.map((run) => (
            <li key={run.id}>
              <button
                type="button"
                onClick={() => onOpen(run)}
                className="w-full rounded-md border border-border bg-card p-3 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="ai-history-item"
              >
                <span className="block text-xs text-muted-foreground">
                  {format.dateTime(new Date(run.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
                  {run.partial ? ` · ${t('partial')}` : ''}
                </span>
                <span className="line-clamp-2 break-words">{run.output || Object.values(run.inputs)[0]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
