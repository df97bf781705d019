'use client';

import { clsx } from 'clsx';
import { useFormatter, useTranslations } from 'next-intl';
import type { NodeRun, WorkflowLog } from '../workflow/workflow-log';
import { StepDetails } from './step-details';

const dot: Record<NodeRun['status'], string> = {
  running: 'bg-amber-500 motion-safe:animate-pulse',
  succeeded: 'bg-emerald-600',
  failed: 'bg-destructive',
  stopped: 'bg-muted-foreground',
};

/**
 * The steps of a chatflow's answer (plan, retrieve, write, check, answer), each with what it did: open while the
 * answer runs, folded into one line once it ended (also when the conversation is reopened), and opened again by a
 * click or the keyboard (a native disclosure).
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
    <details
      className="group mb-3 rounded-md border border-border bg-muted/40 text-sm"
      open={running || undefined}
      data-testid="chat-steps"
      data-state={log.status}
    >
      <summary className="cursor-pointer select-none rounded-md px-3 py-2 focus-visible:outline-2 focus-visible:outline-ring">
        <span className="font-medium">{t('label')}</span>{' '}
        <span className="text-muted-foreground" data-testid="chat-steps-summary">
          {summary}
        </span>
      </summary>
      <ol className="grid gap-2 px-3 pb-3" data-testid="wf-nodes">
        {log.nodes.map((node) => (
          <li
            key={node.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-card px-3 py-2 text-sm"
            data-testid="wf-node"
            data-node={node.nodeId}
            data-status={node.status}
          >
            <span aria-hidden className={clsx('size-2.5 shrink-0 rounded-full', dot[node.status])} />
            <span className="font-medium">{tw.has(`nodes.${node.nodeId}`) ? tw(`nodes.${node.nodeId}`) : node.title}</span>
            <span className="text-muted-foreground">{tw(`status.${node.status}`)}</span>
            {node.elapsed !== null ? (
              <span className="ml-auto tabular-nums text-xs text-muted-foreground">
                {tw('elapsed', { seconds: format.number(node.elapsed, { maximumFractionDigits: 2 }) })}
                {node.tokens ? ` · ${tw('tokens', { count: node.tokens })}` : ''}
              </span>
            ) : null}
            {node.error ? <span className="basis-full text-xs text-destructive">{node.error}</span> : null}
            <StepDetails node={node} />
          </li>
        ))}
      </ol>
    </details>
  );
}
