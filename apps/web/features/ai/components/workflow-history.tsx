'use client';

import { clsx } from 'clsx';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { difyApi } from '../client/dify-api';
import type { WorkflowLogItem } from '@/features/ai/types';
import { runTitle } from '../workflow/workflow-log';

/** Runs per page of the history. */
export const HISTORY_PAGE = 10;

type State = { items: WorkflowLogItem[]; page: number; hasMore: boolean; loading: boolean; failed: boolean };

/**
 * The signed-in user's earlier runs of a workflow app, newest first, from the runtime's `GET /workflows/logs`
 * (the product's proxy lists only this user's). Choosing one opens it; `refresh` changes after each new run.
 */
export function WorkflowHistory({
  appId,
  refresh,
  activeId,
  onOpen,
}: {
  appId: string;
  refresh: number;
  activeId: string | null;
  onOpen: (runId: string) => void;
}) {
  const t = useTranslations('aiWorkflow.history');
  const tw = useTranslations('aiWorkflow');
  const format = useFormatter();
  const locale = useLocale();
  const api = useMemo(() => difyApi(appId, locale), [appId, locale]);
  const [state, setState] = useState<State>({ items: [], page: 0, hasMore: false, loading: true, failed: false });

  const fetchPage = useCallback(
    (page: number, live: () => boolean = () => true) =>
      api.workflowLogs(page, HISTORY_PAGE).then(
        (result) =>
          live() &&
          setState((s) => {
            const kept = page === 1 ? [] : s.items;
            const ids = new Set(kept.map((item) => item.id));
            return { items: [...kept, ...result.data.filter((item) => !ids.has(item.id))], page, hasMore: result.has_more, loading: false, failed: false };
          }),
        () => live() && setState((s) => ({ ...s, loading: false, failed: true })),
      ),
    [api],
  );

  /** Retry and "Show older runs": the list says it is loading until the page arrives. */
  const load = (page: number) => {
    setState((s) => ({ ...s, loading: true, failed: false }));
    return fetchPage(page);
  };

  // The first page, and again after each run (`refresh`); a page arriving after the app changed is dropped.
  useEffect(() => {
    let live = true;
    void fetchPage(1, () => live);
    return () => {
      live = false;
    };
  }, [fetchPage, refresh]);

  const first = state.loading && state.items.length === 0;
  return (
    <section aria-labelledby="wf-history-title" aria-busy={state.loading} className="grid content-start gap-3" data-testid="wf-history">
      <h2 id="wf-history-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      {first ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="wf-history-loading">
          {t('loading')}
        </p>
      ) : state.failed && state.items.length === 0 ? (
        <div className="grid justify-items-start gap-2" role="alert">
          <p className="text-sm text-destructive">{t('failed')}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void load(1)}>
            {t('retry')}
          </Button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="wf-history-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {state.items.map((item) => {
            const run = item.workflow_run;
            const status = ['running', 'succeeded', 'failed', 'stopped'].includes(run.status) ? run.status : 'failed';
            const when = format.dateTime(new Date(run.created_at * 1000), { dateStyle: 'medium', timeStyle: 'short' });
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpen(run.id)}
                  aria-current={activeId === run.id ? 'true' : undefined}
                  aria-label={t('open', { date: when, title: runTitle(run.inputs) || when })}
                  className={clsx(
                    'w-full rounded-md border border-border bg-card p-3 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    activeId === run.id && 'border-primary',
                  )}
                  data-testid="wf-history-item"
                  data-status={status}
                >
                  <span className="line-clamp-2 break-words font-medium">{runTitle(run.inputs) || t('untitled')}</span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {when} · {tw(`status.${status as 'running'}`)} · {tw('elapsed', { seconds: format.number(run.elapsed_time, { maximumFractionDigits: 1 }) })}{' '}
                    · {tw('tokens', { count: run.total_tokens })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {state.failed && state.items.length > 0 ? (
        <p className="text-sm text-destructive" role="alert">
          {t('failed')}
        </p>
      ) : null}
      {state.hasMore ? (
        <Button type="button" variant="outline" size="sm" disabled={state.loading} onClick={() => void load(state.page + 1)} data-testid="wf-history-more">
          {t('more')}
        </Button>
      ) : null}
    </section>
  );
}
