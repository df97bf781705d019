'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { SearchLogView } from '@/features/papers/components/search-log-view';
import type { StyleOption } from '@/features/papers/types';
import { reviewOutputs, screeningReport } from '../workflow/review-outputs';
import type { NodeRun, WorkflowLog } from '../workflow/workflow-log';
import { linkCitations } from './citation-markers';
import { Markdown } from '@/components/ui/markdown';
import { referenceAnchor } from './review-reference-card';
import { ReviewReferences } from './review-references';
import { ReviewScreening } from './review-screening';
import { WorkflowNodes } from './workflow-nodes';

/**
 * One run as the page shows it, live or reopened from the history: its steps (the screening step says what it kept
 * and dropped), the review with each `[n]` linked to its reference card, the reference list, and the search log.
 */
export function WorkflowRunView({ log, running, styles }: { log: WorkflowLog; running: boolean; styles: StyleOption[] }) {
  const t = useTranslations('aiWorkflow');
  const format = useFormatter();
  const outputs = useMemo(() => reviewOutputs(log.outputs), [log.outputs]);
  const known = useMemo(() => new Set(outputs.references.filter((r) => r.cited).map((r) => r.position)), [outputs]);

  const renderText = (text: string): ReactNode =>
    linkCitations(text, {
      known,
      href: (n) => `#${referenceAnchor(n)}`,
      label: (n) => t('references.marker', { n }),
      flagged: t('references.notVerified'),
      testId: 'wf-marker',
    });

  const details = (node: NodeRun) => {
    if (node.nodeId !== 'screen') return null;
    const report = screeningReport(node.outputs ?? null);
    return report ? <ReviewScreening report={report} references={outputs.references} /> : null;
  };

  return (
    <>
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
          <WorkflowNodes nodes={log.nodes} details={details} />
        </section>
      ) : null}
      {log.text ? (
        <section aria-labelledby="wf-output-title" className="grid gap-3">
          <h2 id="wf-output-title" className="text-base font-semibold">
            {t('output')}
          </h2>
          <div className="rounded-md border border-border bg-card p-4" data-testid="wf-output" data-state={log.status}>
            <Markdown renderText={log.outputs ? renderText : undefined}>{log.text}</Markdown>
          </div>
        </section>
      ) : null}
      {outputs.references.length || outputs.flagged.length ? <ReviewReferences outputs={outputs} styles={styles} /> : null}
      {outputs.searchLog ? <SearchLogView log={outputs.searchLog} /> : null}
    </>
  );
}
