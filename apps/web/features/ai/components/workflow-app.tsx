'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { difyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import type { DifyStreamEvent } from '../client/dify-types';
import type { InputValues } from '../writing/input-form';
import { useAiRun } from '../writing/use-ai-run';
import { useAppInputs } from '../writing/use-app-inputs';
import { applyWorkflowEvent, emptyLog, logFromRun, runObject, type WorkflowLog } from '../workflow/workflow-log';
import { AiErrorNotice } from './ai-error-notice';
import { AppInputsForm } from './app-inputs-form';
import { Markdown } from './markdown';
import { WorkflowHistory } from './workflow-history';
import { WorkflowNodes } from './workflow-nodes';

/** A past run opened from the history: its inputs and when it ran (its log is the page's log). */
type OpenedRun = { id: string; inputs: Record<string, unknown>; createdAt: number };

/**
 * Runs a workflow app: its inputs, each node as it starts and finishes, and the final Markdown output; beside it
 * the user's earlier runs, each of which opens with its inputs, output and per-node log.
 */
export function WorkflowApp({ appId }: { appId: string }) {
  const t = useTranslations('aiWorkflow');
  const tInputs = useTranslations('aiInputs');
  const format = useFormatter();
  const locale = useLocale();
  const api = useMemo(() => difyApi(appId, locale), [appId, locale]);
  const [opened, setOpened] = useState<OpenedRun | null>(null);
  const [opening, setOpening] = useState<{ id: string; error: AiError | null } | null>(null);
  const [refresh, setRefresh] = useState(0);
  const { fields, error: loadError } = useAppInputs(appId);
  const [log, setLog] = useState<WorkflowLog>(emptyLog);
  const [inputs, setInputs] = useState<InputValues | null>(null);
  const current = useRef(emptyLog);

  const onEvent = useCallback((event: DifyStreamEvent) => {
    current.current = applyWorkflowEvent(current.current, event);
    setLog(current.current);
  }, []);
  const { status, error, run, stop } = useAiRun(appId, 'workflows/run', onEvent);

  function start(values: InputValues) {
    current.current = emptyLog;
    setLog(emptyLog);
    setInputs(values);
    setOpened(null);
    setOpening(null);
    // The history shows the new run once it has ended (or failed, or was stopped).
    void run(values).then(() => setRefresh((n) => n + 1));
  }

  async function openRun(id: string) {
    if (status === 'running') return;
    setOpening({ id, error: null });
    try {
      const [detail, nodes] = await Promise.all([api.workflowRun(id), api.workflowNodes(id)]);
      current.current = logFromRun(detail, nodes);
      setLog(current.current);
      setOpened({ id, inputs: runObject(detail.inputs), createdAt: detail.created_at });
      setOpening(null);
    } catch (caught) {
      setOpening({ id, error: caught instanceof AiError ? caught : new AiError('other', 'internal_server_error', String(caught), 0) });
    }
  }

  function closeRun() {
    setOpened(null);
    current.current = emptyLog;
    setLog(emptyLog);
  }

  const inputLabel = (variable: string) => {
    const key = `${appId}.${variable}`;
    return tInputs.has(key) ? tInputs(key) : (fields?.find((f) => f.variable === variable)?.label ?? variable);
  };

  /** A select's value as the form shows it (`中文` reads "Chinese" in English); anything else as given. */
  const inputValue = (variable: string, value: unknown) => {
    const text = String(value ?? '');
    const select = fields?.find((f) => f.variable === variable)?.control === 'select';
    return select && tInputs.has(`options.${text}`) ? tInputs(`options.${text}`) : text;
  };

  if (loadError) return <AiErrorNotice error={loadError} />;
  if (!fields) return <p className="text-sm text-muted-foreground" role="status">{t('loading')}</p>;

  const running = status === 'running';
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-8">
        <AppInputsForm appId={appId} fields={fields} running={running} submitLabel={t('run')} onRun={start} onStop={stop} />
        {error && !opened ? <AiErrorNotice error={error} onRetry={inputs ? () => start(inputs) : undefined} /> : null}
        {opening?.error ? <AiErrorNotice error={opening.error} onRetry={() => void openRun(opening.id)} /> : null}
        {opening && !opening.error ? (
          <p className="text-sm text-muted-foreground" role="status" data-testid="wf-run-loading">
            {t('history.opening')}
          </p>
        ) : null}
        {opened ? (
          <section aria-labelledby="wf-opened-title" className="grid gap-3 rounded-md border border-border bg-muted/40 p-4" data-testid="wf-opened">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="wf-opened-title" className="text-base font-semibold">
                {t('history.runOf', { date: format.dateTime(new Date(opened.createdAt * 1000), { dateStyle: 'medium', timeStyle: 'short' }) })}
              </h2>
              <Button type="button" size="sm" variant="ghost" onClick={closeRun} data-testid="wf-opened-close">
                {t('history.close')}
              </Button>
            </div>
            <h3 className="text-sm font-medium">{t('history.inputs')}</h3>
            <dl className="grid gap-2 text-sm" data-testid="wf-opened-inputs">
              {Object.entries(opened.inputs).map(([variable, value]) => (
                <div key={variable} className="grid gap-0.5">
                  <dt className="text-xs text-muted-foreground">{inputLabel(variable)}</dt>
                  <dd className="whitespace-pre-wrap break-words">{inputValue(variable, value)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {log.nodes.length ? (
          <section aria-labelledby="wf-progress-title" aria-busy={running} className="grid gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="wf-progress-title" className="text-base font-semibold">
                {running ? t('progress') : t('log')}
              </h2>
              {log.elapsed !== null ? (
                <p className="text-xs text-muted-foreground" data-testid="wf-summary">
                  {t(`status.${log.status === 'idle' ? 'running' : log.status}`)} ·{' '}
                  {t('elapsed', { seconds: format.number(log.elapsed, { maximumFractionDigits: 2 }) })} · {t('tokens', { count: log.tokens ?? 0 })}
                </p>
              ) : null}
            </div>
            <WorkflowNodes nodes={log.nodes} />
          </section>
        ) : null}
        {log.text ? (
          <section aria-labelledby="wf-output-title" className="grid gap-3">
            <h2 id="wf-output-title" className="text-base font-semibold">
              {t('output')}
            </h2>
            <div className="rounded-md border border-border bg-card p-4" data-testid="wf-output" data-state={log.status}>
              <Markdown>{log.text}</Markdown>
            </div>
          </section>
        ) : null}
        {log.status === 'failed' && log.error && (!error || opened) ? <p className="text-sm text-destructive">{log.error}</p> : null}
      </div>
      <WorkflowHistory appId={appId} refresh={refresh} activeId={opened?.id ?? null} onOpen={(id) => void openRun(id)} />
    </div>
  );
}
