'use client';

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { LoadError, LoadingCards } from '@/components/ui/query-state';

import { useErrorText } from '@/hooks/use-error-message';
import { Link } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';
import type { AiUsageReport } from '../server/get-ai-usage';
import { usageMetrics, usagePerApp, usagePerDay, type UsageMetric } from '../usage-series';
import { QuotaCard } from './quota-card';
import { UsageChart } from './usage-chart';
import { UsageTable } from './usage-table';
import { useApi } from '@/lib/api/use-api';

export function UsageView() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Usage />
    </QueryClientProvider>
  );
}

/** This month's AI usage: the quota, a chart per day, and the figures per tool. */
function Usage() {
  const t = useTranslations('dashboard.aiUsage');
  const api = useApi();
  const format = useFormatter();
  const errorText = useErrorText();
  const [metric, setMetric] = useState<UsageMetric>('messages');
  const usage = useQuery({ queryKey: ['ai-usage'], queryFn: () => api.fetch<AiUsageReport>('/api/ai/usage') });

  if (usage.error) return <LoadError message={errorText(usage.error)} retryLabel={t('retry')} onRetry={() => void usage.refetch()} testId="usage-error" />;
  if (!usage.data) return <LoadingCards label={t('loading')} count={2} className="h-40" testId="usage-loading" />;

  const report = usage.data;
  const day = (iso: string) => format.dateTime(new Date(`${iso}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="grid gap-6" data-testid="usage-report">
      <p className="text-sm text-muted-foreground" data-testid="usage-period">
        {t('period', { from: day(report.from), to: day(report.to) })}
      </p>
      <QuotaCard quota={report.quota} />
      {report.days.length === 0 ? (
        <div className="grid gap-3 rounded-xl border border-dashed border-border p-6 text-sm" data-testid="usage-empty">
          <p>{t('empty')}</p>
          <Link href="/ai" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}>
            {t('emptyCta')}
          </Link>
        </div>
      ) : (
        <>
          <section aria-labelledby="usage-daily-title" className="grid gap-4 rounded-xl border border-border bg-card p-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="usage-daily-title" className="font-semibold">
                {t('dailyTitle')}
              </h2>
              <div role="group" aria-label={t('metric')} className="flex flex-wrap gap-1">
                {usageMetrics.map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={metric === option}
                    onClick={() => setMetric(option)}
                    data-testid={`usage-metric-${option}`}
                    className={cn(
                      'rounded-md border px-2.5 py-1 text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      metric === option ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-accent',
                    )}
                  >
                    {t(`metrics.${option}`)}
                  </button>
                ))}
              </div>
            </div>
            <UsageChart points={usagePerDay(report.from, report.to, report.days)} metric={metric} />
          </section>
          <UsageTable apps={usagePerApp(report.days)} />
        </>
      )}
    </div>
  );
}
