'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { DifyStreamEvent } from '../client/dify-types';
import type { InputValues } from '../writing/input-form';
import { useAiRun } from '../writing/use-ai-run';
import { useAppInputs } from '../writing/use-app-inputs';
import { applyWorkflowEvent, emptyLog, type WorkflowLog } from '../workflow/workflow-log';
import { AiErrorNotice } from './ai-error-notice';
import { AppInputsForm } from './app-inputs-form';
import { Markdown } from './markdown';
import { WorkflowNodes } from './workflow-nodes';

/** Runs a workflow app: its inputs, each node as it starts and finishes, and the final Markdown output. */
export function WorkflowApp({ appId }: { appId: string }) {
  const t = useTranslations('aiWorkflow');
  const format = useFormatter();
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
    void run(values);
  }

  if (loadError) return <AiErrorNotice error={loadError} />;
  if (!fields) return <p className="text-sm text-muted-foreground" role="status">{t('loading')}</p>;

  const running = status === 'running';
  return (
    <div className="grid gap-8">
      <AppInputsForm appId={appId} fields={fields} running={running} submitLabel={t('run')} onRun={start} onStop={stop} />
      {error ? <AiErrorNotice error={error} onRetry={inputs ? () => start(inputs) : undefined} /> : null}
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
      {log.status === 'failed' && log.error && !error ? <p className="text-sm text-destructive">{log.error}</p> : null}
    </div>
  );
}
