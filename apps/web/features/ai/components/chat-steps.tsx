'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { WorkflowLog } from '../workflow/workflow-log';
import { WorkflowNodes } from './workflow-nodes';

/**
 * The steps of a chatflow's answer (plan, retrieve, write, check, answer): open while the answer runs, folded
 * into one line once it ended, and opened again by a click or the keyboard (a native disclosure).
 */
export function ChatSteps({ log, running }: { log: WorkflowLog; running: boolean }) {
  const t = useTranslations('aiChat.steps');
  const tw = useTranslations('aiWorkflow');
  const format = useFormatter();
  const done = log.nodes.filter((node) => node.status !== 'running').length;
  const summary =
    log.elapsed !== null
      ? `${tw(`status.${log.status === 'idle' ? 'running' : log.status}`)} · ${t('count', { count: log.nodes.length })} · ${tw('elapsed', { seconds: format.number(log.elapsed, { maximumFractionDigits: 2 }) })}`
      : t('progress', { done, total: log.nodes.length });
  return (
    <details className="group mb-3 rounded-md border border-border bg-muted/40 text-sm" open={running || undefined} data-testid="chat-steps" data-state={log.status}>
      <summary className="cursor-pointer select-none rounded-md px-3 py-2 focus-visible:outline-2 focus-visible:outline-ring">
        <span className="font-medium">{t('label')}</span> <span className="text-muted-foreground" data-testid="chat-steps-summary">{summary}</span>
      </summary>
      <div className="px-3 pb-3">
        <WorkflowNodes nodes={log.nodes} />
      </div>
    </details>
  );
}
