'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { DifyStreamEvent } from '@/features/ai/types';
import { receivedFromNote } from '@/lib/handoff/note-to-tool';
import { useWritingHistory, type WritingRun } from '../writing/run-history';
import { useAiRun } from '../writing/use-ai-run';
import { useAppInputs } from '../writing/use-app-inputs';
import type { InputValues } from '../writing/input-form';
import { AiErrorNotice } from './ai-error-notice';
import { CompletionOutput } from './completion-output';
import { DiffView } from './diff-view';
import { NoteReturn } from './note-return';
import { AppInputsForm } from './app-inputs-form';
import { QuotaBlocked, quotaExhausted, RunCost, useAiUsage } from './run-cost';
import { RunHistoryList } from './run-history-list';

/** A writing tool (Dify completion app): inputs, the streamed answer, stop, copy, the diff for polish, history. */
export function CompletionApp({
  appId,
  noteId = null,
  showDiff,
  onDraft,
  onFinished,
  showCost = true,
}: {
  appId: string;
  /** Opened from this note (`?note=`): its paragraph fills the text, and the result can go back in its place. */
  noteId?: string | null;
  showDiff: boolean;
  /** The inputs as they are typed (the dashboard's demo estimates the run from them). */
  onDraft?: (values: InputValues) => void;
  /** After each run, finished or not (the usage it counted has changed). */
  onFinished?: () => void;
  /** The cost of the next run and what is left (the dashboard's demo shows its own above the app). */
  showCost?: boolean;
}) {
  const t = useTranslations('aiWriting');
  const { fields, error: loadError } = useAppInputs(appId);
  const [output, setOutput] = useState('');
  // Read in the browser only: the server's render shows the loading line either way, so nothing differs on hydration.
  const [handoff] = useState(() => (noteId && typeof window !== 'undefined' ? receivedFromNote(sessionStorage, noteId) : null));
  const [inputs, setInputs] = useState<InputValues | null>(() => (handoff ? { query: handoff.text } : null));
  const history = useWritingHistory(appId);
  const [formKey, setFormKey] = useState(0);
  const [draft, setDraft] = useState<InputValues>({});
  const [finished, setFinished] = useState(0);
  const answer = useRef('');

  const onEvent = useCallback((event: DifyStreamEvent) => {
    if (event.event === 'message') answer.current += event.answer;
    else if (event.event === 'message_replace') answer.current = event.answer;
    else return;
    setOutput(answer.current);
  }, []);
  const { status, error, run, stop } = useAiRun(appId, 'completion-messages', onEvent);
  const usage = useAiUsage(finished);

  async function start(values: InputValues) {
    answer.current = '';
    setOutput('');
    setInputs(values);
    await run(values);
    setFinished((n) => n + 1);
    onFinished?.();
    // The runtime kept the run (with what arrived, when it ended early): the list is read again from there.
    if (answer.current) history.reload();
  }

  function open(entry: WritingRun) {
    setInputs(entry.inputs);
    setOutput(entry.output);
    setFormKey((n) => n + 1);
  }

  if (loadError) return <AiErrorNotice error={loadError} />;
  if (!fields)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );

  const source = inputs?.query ?? '';
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-6">
        <AppInputsForm
          key={formKey}
          appId={appId}
          fields={fields}
          initial={inputs ?? undefined}
          running={status === 'running'}
          submitLabel={t('run')}
          onRun={(values) => void start(values)}
          onStop={stop}
          disabled={quotaExhausted(usage)}
          note={<QuotaBlocked usage={usage} />}
          onChange={(values) => {
            setDraft(values);
            onDraft?.(values);
          }}
        />
        {handoff ? <NoteReturn handoff={handoff} result={output && status !== 'running' ? output : null} /> : null}
        {showCost ? <RunCost appId={appId} inputs={{ ...inputs, ...draft }} usage={usage} /> : null}
        {error ? <AiErrorNotice error={error} onRetry={inputs ? () => void start(inputs) : undefined} /> : null}
        {output || status === 'running' ? <CompletionOutput text={output} running={status === 'running'} stopped={status === 'stopped'} /> : null}
        {showDiff && output && source && status !== 'running' ? <DiffView before={source} after={output} /> : null}
      </div>
      <RunHistoryList runs={history.runs} error={history.error} onOpen={open} onClear={() => void history.clear()} />
    </div>
  );
}
