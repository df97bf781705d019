'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { StyleOption } from '@/features/papers/types';
import { difyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import type { DifyStreamEvent } from '@/features/ai/types';
import type { InputValues } from '../writing/input-form';
import { useAiRun } from '../writing/use-ai-run';
import { useAppInputs } from '../writing/use-app-inputs';
import { applyWorkflowEvent, emptyLog, logFromRun, runObject, type WorkflowLog } from '../workflow/workflow-log';
import { AiErrorNotice } from './ai-error-notice';
import { AppInputsForm } from './app-inputs-form';
import { useLibraryCollections } from '../hooks/use-library-collections';
import { QuotaBlocked, quotaExhausted, RunCost, useAiUsage } from './run-cost';
import { WorkflowHistory } from './workflow-history';
import { WorkflowRunView } from './workflow-run-view';

/** A past run opened from the history: its inputs and when it ran (its log is the page's log). */
type OpenedRun = { id: string; inputs: Record<string, unknown>; createdAt: number };

/** The page's address of a run: `?run=<id>`, so a reload (or a shared link, to the same account) reopens it. */
function showRunInAddress(runId: string | null) {
  const url = new URL(window.location.href);
  if (runId) url.searchParams.set('run', runId);
  else url.searchParams.delete('run');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

type Props = {
  appId: string;
  styles: StyleOption[];
  initialRunId: string | null;
  /** The cost of the next run and what is left (the dashboard's demo shows its own above the app). */
  showCost?: boolean;
  /** Every edit of the next run's inputs (with a chosen collection's size), for a cost shown elsewhere. */
  onDraft?: (inputs: InputValues, collectionPapers: number | undefined) => void;
};

/**
 * Runs a workflow app: its inputs, each node as it starts and finishes, and the final output with its references
 * and search log; beside it the user's earlier runs, each of which opens as it was shown. The run on screen is in
 * the page's address.
 */
export function WorkflowApp(props: Props) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Workflow {...props} />
    </QueryClientProvider>
  );
}

function Workflow({ appId, styles, initialRunId, showCost = true, onDraft }: Props) {
  const t = useTranslations('aiWorkflow');
  const tInputs = useTranslations('aiInputs');
  const format = useFormatter();
  const locale = useLocale();
  const api = useMemo(() => difyApi(appId, locale), [appId, locale]);
  const [opened, setOpened] = useState<OpenedRun | null>(null);
  const [opening, setOpening] = useState<{ id: string; error: AiError | null } | null>(null);
  const [refresh, setRefresh] = useState(0);
  const { fields, error: loadError } = useAppInputs(appId);
  const collections = useLibraryCollections(Boolean(fields?.some((f) => f.variable === 'library_collection')));
  const [log, setLog] = useState<WorkflowLog>(emptyLog);
  const [inputs, setInputs] = useState<InputValues | null>(null);
  const [draft, setDraft] = useState<InputValues>({});
  const current = useRef(emptyLog);

  const onEvent = useCallback((event: DifyStreamEvent) => {
    const before = current.current.runId;
    current.current = applyWorkflowEvent(current.current, event);
    if (current.current.runId && current.current.runId !== before) showRunInAddress(current.current.runId);
    setLog(current.current);
  }, []);
  const { status, error, run, stop } = useAiRun(appId, 'workflows/run', onEvent);
  // The next run's cost (a chosen collection's papers are its sources); Run is off once the month's messages are used up.
  const usage = useAiUsage(`${refresh}-${status === 'running'}`);
  const collectionPapers = collections.data?.find((c) => c.id === draft.library_collection)?.paperCount;
  useEffect(() => onDraft?.(draft, collectionPapers), [draft, collectionPapers, onDraft]);

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
      showRunInAddress(id);
    } catch (caught) {
      setOpening({ id, error: caught instanceof AiError ? caught : new AiError('other', 'internal_server_error', String(caught), 0) });
    }
  }

  function closeRun() {
    setOpened(null);
    current.current = emptyLog;
    setLog(emptyLog);
    showRunInAddress(null);
  }

  // The run in the address opens once, when the page loads.
  const initial = useRef(initialRunId);
  useEffect(() => {
    if (initial.current) void openRun(initial.current);
    initial.current = null;
    // openRun reads only state that is current at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const inputLabel = (variable: string) => {
    const key = `${appId}.${variable}`;
    return tInputs.has(key) ? tInputs(key) : (fields?.find((f) => f.variable === variable)?.label ?? variable);
  };

  /** A select's value as the form shows it (`中文` reads "Chinese" in English); anything else as given. */
  const inputValue = (variable: string, value: unknown) => {
    const text = String(value ?? '');
    if (variable === 'library_collection' && text) return collections.data?.find((c) => c.id === text)?.name ?? text;
    const select = fields?.find((f) => f.variable === variable)?.control === 'select';
    return select && tInputs.has(`options.${text}`) ? tInputs(`options.${text}`) : text;
  };

  if (loadError) return <AiErrorNotice error={loadError} />;
  if (!fields)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );

  const running = status === 'running';
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-8">
        <AppInputsForm
          appId={appId}
          fields={fields}
          running={running}
          submitLabel={t('run')}
          onRun={start}
          onStop={stop}
          onChange={setDraft}
          disabled={quotaExhausted(usage)}
          note={<QuotaBlocked usage={usage} />}
        />
        {showCost ? <RunCost appId={appId} inputs={draft} draft={{ query: '', collectionPapers }} usage={usage} /> : null}
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
        <WorkflowRunView log={log} running={running} styles={styles} />
        {log.status === 'failed' && log.error && (!error || opened) ? <p className="text-sm text-destructive">{log.error}</p> : null}
      </div>
      <WorkflowHistory appId={appId} refresh={refresh} activeId={opened?.id ?? null} onOpen={(id) => void openRun(id)} />
    </div>
  );
}
