'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useApi } from '@/lib/api/use-api';
import { Link } from '@/lib/i18n/navigation';
import { estimateRun } from '../estimate';
import { chatEstimateApps, estimateChatRun, type ChatDraft } from '../estimate-chat';
import type { AiUsageReport } from '../server/get-ai-usage';
import { RunEstimate, type ShownEstimate } from './run-estimate';

/**
 * The usage report the cost box shows: read on mount and again for each new `refreshKey` (a run ended); the last
 * figures stay meanwhile. Undefined while it loads, and for signed-out visitors (the usage answers 401): the tools
 * work without it, and the page asks them to sign in. Self-contained: the public tool pages have no query cache.
 */
export function useAiUsage(refreshKey?: string | number): AiUsageReport | undefined {
  const api = useApi();
  const [usage, setUsage] = useState<AiUsageReport | undefined>(undefined);
  useEffect(() => {
    let current = true;
    api.fetch<AiUsageReport>('/api/ai/usage').then(
      (report) => {
        if (current) setUsage(report);
      },
      // Signed out, or the usage could not be read: the tool works without the box.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, refreshKey]);
  return usage;
}

/**
 * The estimate for an app's next run: the chat apps, Ask and the review from their question, inputs and
 * conversation (estimate-chat.ts), the writing tools from their text (estimate.ts).
 */
export function estimateFor(
  appId: string,
  inputs: Record<string, string | undefined>,
  draft: Omit<ChatDraft, 'inputs'> | undefined,
  usage?: AiUsageReport,
): ShownEstimate | null {
  if (chatEstimateApps.includes(appId)) return estimateChatRun(appId, { query: '', ...draft, inputs }, usage?.days);
  const estimate = estimateRun(appId, inputs);
  return estimate && { ...estimate, basis: 'input' };
}

/** True once the month's AI messages are used up: the run would be refused, so its button is off. */
export const quotaExhausted = (usage: AiUsageReport | undefined) => usage?.quota.remaining === 0;

/** The cost box on an AI tool's page (Ask, chat, writing tools, workflows), for the inputs as they are typed. */
export function RunCost({
  appId,
  inputs,
  draft,
  usage,
}: {
  appId: string;
  inputs: Record<string, string | undefined>;
  /** Chat apps and Ask: the question being typed and the conversation so far. */
  draft?: Omit<ChatDraft, 'inputs'>;
  usage: AiUsageReport | undefined;
}) {
  if (!usage) return null;
  return <RunEstimate estimate={estimateFor(appId, inputs, draft, usage)} usage={usage} testId="run-cost" />;
}

/**
 * Beside a run's button while it is off for the quota: why, in the page's language, when the count starts again,
 * and the way to the plans. Nothing while messages are left.
 */
export function QuotaBlocked({ usage }: { usage: AiUsageReport | undefined }) {
  const t = useTranslations('aiCost');
  const format = useFormatter();
  if (!usage || !quotaExhausted(usage)) return null;
  const date = format.dateTime(new Date(`${usage.quota.resetsOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <p className="min-w-0 text-sm text-destructive" data-testid="run-blocked">
      {t('blocked', { date })}{' '}
      <Link href="/pricing" className="underline underline-offset-4" data-testid="run-blocked-plans">
        {t('upgrade')}
      </Link>
    </p>
  );
}
