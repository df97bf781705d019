'use client';

import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { LoadError } from '@/components/ui/query-state';
import { aiAppHref, type AiApp } from '@/config/ai-apps';

import { NavIcon } from '@/components/layout/nav-icon';
import type { StyleOption } from '@/features/papers/types';
import { Link } from '@/lib/i18n/navigation';
import type { ChatDraft } from '../estimate-chat';
import type { AiUsageReport } from '../server/get-ai-usage';
import type { InputValues } from '../writing/input-form';
import { ChatApp } from './chat-app';
import { CompletionApp } from './completion-app';
import { estimateFor } from './run-cost';
import { RunEstimate } from './run-estimate';
import { WorkflowApp } from './workflow-app';
import { useApi } from '@/lib/api/use-api';

export type DemoApp = AiApp & { title: string; description: string };

/**
 * Every AI app that exists (config/ai-apps.ts, as the /ai directory lists them), each tried in place: a tab per
 * app, the app itself below it, and the cost of the next run against this month's quota.
 */
export function AiDemo({
  apps,
  initialAppId,
  styles,
  initialRunId,
}: {
  apps: DemoApp[];
  initialAppId: string;
  styles: StyleOption[];
  /** A workflow run to open (`?run=`). */
  initialRunId: string | null;
}) {
  const t = useTranslations('dashboard.aiDemo');
  const api = useApi();
  const [appId, setAppId] = useState(initialAppId);
  const [draft, setDraft] = useState<InputValues>({});
  // Chats and the review: the question and conversation (or a collection's size) besides the inputs.
  const [chatDraft, setChatDraft] = useState<Omit<ChatDraft, 'inputs'> | undefined>(undefined);
  const onChatDraft = useCallback((inputs: InputValues, next: Omit<ChatDraft, 'inputs'>) => {
    setDraft(inputs);
    setChatDraft(next);
  }, []);
  const onWorkflowDraft = useCallback((inputs: InputValues, collectionPapers: number | undefined) => {
    setDraft(inputs);
    setChatDraft({ query: '', collectionPapers });
  }, []);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const usage = useQuery({ queryKey: ['ai-usage'], queryFn: () => api.fetch<AiUsageReport>('/api/ai/usage') });
  const app = apps.find((candidate) => candidate.id === appId) ?? apps[0]!;

  const choose = (id: string) => {
    setAppId(id);
    setDraft({});
    setChatDraft(undefined);
    void usage.refetch();
    // The chosen app survives a reload and can be linked to.
    window.history.replaceState(null, '', `?app=${encodeURIComponent(id)}`);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: apps.length - 1 };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = (keys[event.key]! + apps.length) % apps.length;
    choose(apps[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <div className="grid min-w-0 gap-6">
      {/* A row of tabs above the app, so the app keeps the width its own page gives it (a chat has two columns). */}
      <div role="tablist" aria-label={t('apps')} className="flex flex-wrap gap-2" data-testid="ai-demo-apps">
        {apps.map((candidate, index) => (
          <button
            key={candidate.id}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`ai-demo-tab-${candidate.id}`}
            aria-selected={candidate.id === app.id}
            aria-controls="ai-demo-panel"
            tabIndex={candidate.id === app.id ? 0 : -1}
            onClick={() => choose(candidate.id)}
            onKeyDown={(event) => onKey(event, index)}
            data-testid="ai-demo-app"
            data-app={candidate.id}
            className={clsx(
              'flex items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring',
              candidate.id === app.id ? 'border-primary bg-primary/10 font-medium' : 'border-border bg-card hover:bg-accent',
            )}
          >
            <NavIcon icon={candidate.icon} className="size-4 shrink-0" />
            {candidate.title}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id="ai-demo-panel"
        aria-labelledby={`ai-demo-tab-${app.id}`}
        className="grid min-w-0 content-start gap-5"
        data-testid="ai-demo-panel"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h2 className="text-lg font-semibold">{app.title}</h2>
            <p className="text-sm text-muted-foreground">{app.description}</p>
          </div>
          <Link href={aiAppHref(app)} className="text-sm text-primary underline-offset-4 hover:underline">
            {t('openFull')}
          </Link>
        </div>
        {usage.isError ? (
          <LoadError message={t('usageFailed')} retryLabel={t('retry')} onRetry={() => void usage.refetch()} />
        ) : (
          <RunEstimate estimate={estimateFor(app.id, draft, chatDraft, usage.data)} usage={usage.data} />
        )}
        <div key={app.id}>
          {app.kind === 'completion' ? (
            <CompletionApp appId={app.id} showDiff={app.id === 'academic-polish'} onDraft={setDraft} onFinished={() => void usage.refetch()} showCost={false} />
          ) : app.kind === 'workflow' ? (
            <WorkflowApp appId={app.id} styles={styles} initialRunId={initialRunId} showCost={false} onDraft={onWorkflowDraft} />
          ) : (
            <ChatApp appId={app.id} showCost={false} onDraft={onChatDraft} />
          )}
        </div>
      </section>
    </div>
  );
}
