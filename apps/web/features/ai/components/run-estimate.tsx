'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { RunEstimate as Estimate } from '../estimate';
import type { AiUsageReport } from '../server/get-ai-usage';

/**
 * An estimate as the box shows it, with where its answer's size comes from: the text the tool works on (`input`,
 * the writing tools), this person's answers in the app this month (`average`), or a typical answer (`typical`).
 */
export type ShownEstimate = Estimate & { basis: 'input' | 'average' | 'typical'; uncounted?: number };

/**
 * What the next run will cost, shown before it starts: one AI message of the month's quota and the tokens
 * estimated from the inputs, saying where the answer's size comes from (nothing to run on yet: no tokens). Then
 * what is left as the plan counts it (AI messages, tokens used, searches today, reference checks this month), a
 * warning when the run takes the last message or none is left, and the way to the plan. Narrow enough for a phone.
 */
export function RunEstimate({
  estimate,
  usage,
  testId = 'ai-demo-estimate',
}: {
  estimate: ShownEstimate | null;
  usage: AiUsageReport | undefined;
  testId?: string;
}) {
  const t = useTranslations('aiCost');
  const format = useFormatter();
  const n = (value: number) => format.number(value);
  if (!usage) return null;
  const { quota, totals, limits } = usage;
  const resets = format.dateTime(new Date(`${quota.resetsOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const searches = limits?.searchesPerDay;
  const checks = limits?.referenceChecksPerMonth;

  return (
    <section
      aria-labelledby={`${testId}-title`}
      className="grid min-w-0 gap-1.5 rounded-xl border border-border bg-muted/40 p-4 text-sm break-words"
      data-testid={testId}
    >
      <h3 id={`${testId}-title`} className="font-medium">
        {t('title')}
      </h3>
      <p aria-live="polite" data-testid={`${testId}-tokens`}>
        {estimate ? t('tokens', { total: n(estimate.totalTokens), input: n(estimate.inputTokens), output: n(estimate.outputTokens) }) : t('empty')}
      </p>
      {estimate && estimate.basis !== 'input' ? (
        <p className="text-muted-foreground" data-testid={`${testId}-basis`} data-basis={estimate.basis}>
          {t(estimate.basis === 'average' ? 'basisAverage' : 'basisTypical')}
        </p>
      ) : null}
      {estimate?.uncounted ? (
        <p className="text-muted-foreground" data-testid={`${testId}-uncounted`}>
          {t('uncounted', { count: estimate.uncounted })}
        </p>
      ) : null}
      {quota.remaining === 'unlimited' ? (
        <p data-testid={`${testId}-quota`}>{t('unlimited')}</p>
      ) : quota.remaining === 0 ? (
        <p role="alert" className="text-destructive" data-testid={`${testId}-quota`}>
          {t('exhausted', { date: resets })}{' '}
          <Link href="/pricing" className="underline underline-offset-4">
            {t('upgrade')}
          </Link>
        </p>
      ) : (
        <p data-testid={`${testId}-quota`}>{t('remaining', { remaining: quota.remaining, limit: quota.limit as number, date: resets })}</p>
      )}
      {quota.remaining === 1 && (
        <p role="alert" className="font-medium text-amber-700 dark:text-amber-400" data-testid={`${testId}-last`}>
          {t('last')}
        </p>
      )}
      <ul className="grid gap-0.5 text-muted-foreground" data-testid={`${testId}-limits`}>
        <li>{t('monthTokens', { tokens: n(totals.totalTokens) })}</li>
        {searches && (
          <li>
            {searches.remaining === 'unlimited'
              ? t('searchesUnlimited')
              : t('searches', { remaining: n(searches.remaining), limit: n(searches.limit as number) })}
          </li>
        )}
        {checks && (
          <li>{checks.remaining === 'unlimited' ? t('checksUnlimited') : t('checks', { remaining: n(checks.remaining), limit: n(checks.limit as number) })}</li>
        )}
      </ul>
      <Link href="/dashboard/settings/billing" className="w-fit text-primary underline-offset-4 hover:underline" data-testid={`${testId}-plan`}>
        {t('plan')}
      </Link>
    </section>
  );
}
