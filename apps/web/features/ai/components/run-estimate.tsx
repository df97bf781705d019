'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { RunEstimate as Estimate } from '../estimate';
import type { AiUsageReport } from '../server/get-ai-usage';

/**
 * What the next run will cost, shown before it starts: one AI message of the month's quota, and where the app
 * knows its size, the tokens estimated from the inputs; else what this person's runs have used on average.
 */
export function RunEstimate({ estimate, usage }: { estimate: Estimate | null; usage: AiUsageReport | undefined }) {
  const t = useTranslations('dashboard.aiDemo.estimate');
  const format = useFormatter();
  const n = (value: number) => format.number(value);
  if (!usage) return null;
  const { quota, totals } = usage;
  const average = totals.messages > 0 ? Math.round(totals.totalTokens / totals.messages) : null;
  const resets = format.dateTime(new Date(`${quota.resetsOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <section aria-labelledby="run-estimate-title" className="grid gap-1.5 rounded-xl border border-border bg-muted/40 p-4 text-sm" data-testid="ai-demo-estimate">
      <h3 id="run-estimate-title" className="font-medium">
        {t('title')}
      </h3>
      <p aria-live="polite" data-testid="ai-demo-estimate-tokens">
        {estimate
          ? t('tokens', { total: n(estimate.totalTokens), input: n(estimate.inputTokens), output: n(estimate.outputTokens) })
          : average !== null
            ? t('average', { average: n(average) })
            : t('unknown')}
      </p>
      {quota.remaining === 'unlimited' ? (
        <p data-testid="ai-demo-estimate-quota">{t('unlimited')}</p>
      ) : quota.remaining === 0 ? (
        <p role="alert" className="text-destructive" data-testid="ai-demo-estimate-quota">
          {t('exhausted', { date: resets })}{' '}
          <Link href="/pricing" className="underline underline-offset-4">
            {t('upgrade')}
          </Link>
        </p>
      ) : (
        <p data-testid="ai-demo-estimate-quota">{t('remaining', { remaining: quota.remaining, limit: quota.limit as number, date: resets })}</p>
      )}
    </section>
  );
}
