'use client';

import { clsx } from 'clsx';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { NodeRun } from '../workflow/workflow-log';

const dot: Record<NodeRun['status'], string> = {
  running: 'bg-amber-500 motion-safe:animate-pulse',
  succeeded: 'bg-emerald-600',
  failed: 'bg-destructive',
  stopped: 'bg-muted-foreground',
};

/**
 * The run's steps in order, each with its state, time and tokens: the live progress and, after, the log. `details`
 * adds what a step did under it (the review's screening).
 */
export function WorkflowNodes({ nodes, details }: { nodes: readonly NodeRun[]; details?: (node: NodeRun) => ReactNode }) {
  const t = useTranslations('aiWorkflow');
  const format = useFormatter();
  return (
    <ol className="grid gap-2" data-testid="wf-nodes">
      {nodes.map((node) => (
        <li
          key={node.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-card px-3 py-2 text-sm"
          data-testid="wf-node"
          data-node={node.nodeId}
          data-status={node.status}
        >
          <span aria-hidden className={clsx('size-2.5 shrink-0 rounded-full', dot[node.status])} />
          <span className="font-medium">{t.has(`nodes.${node.nodeId}`) ? t(`nodes.${node.nodeId}`) : node.title}</span>
          <span className="text-muted-foreground">{t(`status.${node.status}`)}</span>
          {node.elapsed !== null ? (
            <span className="ml-auto tabular-nums text-xs text-muted-foreground">
              {t('elapsed', { seconds: format.number(node.elapsed, { maximumFractionDigits: 2 }) })}
              {node.tokens ? ` · ${t('tokens', { count: node.tokens })}` : ''}
            </span>
          ) : null}
          {node.error ? <span className="basis-full text-xs text-destructive">{node.error}</span> : null}
          {details?.(node)}
        </li>
      ))}
    </ol>
  );
}
