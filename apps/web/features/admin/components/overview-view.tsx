'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import type { AdminOverview } from '../overview';
import { overviewPeriods } from '../schema';
import { DayChart } from './day-chart';
import { useAdminApi } from './use-admin-api';

function Card({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-xl border border-border bg-card p-4" data-testid={testId}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <div className="text-2xl font-semibold tracking-tight">{children}</div>
    </div>
  );
}

/** /admin: users, paying accounts and revenue, and what the product was used for, over a chosen period. */
export function OverviewView() {
  const t = useTranslations('admin.overview');
  const tc = useTranslations('admin');
  const format = useFormatter();
  const toMessage = useErrorMessage();
  const api = useAdminApi();
  const [days, setDays] = useState<(typeof overviewPeriods)[number]>(30);
  const overview = useQuery({
    queryKey: ['admin-overview', days],
    queryFn: ({ signal }) => api<AdminOverview>(`/api/admin/overview?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const n = (value: number | null) => (value === null ? '—' : format.number(value));

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('lead')}</p>
        </div>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('period')}</span>
          <select
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as typeof days)}
            className="h-10 rounded-md border border-border bg-card px-3"
            data-testid="overview-period"
          >
            {overviewPeriods.map((value) => (
              <option key={value} value={value}>
                {t('lastDays', { days: value })}
              </option>
            ))}
          </select>
        </label>
      </header>
      {overview.isPending ? (
        <LoadingCards label={tc('loading')} count={3} className="h-24" testId="overview-loading" />
      ) : overview.isError ? (
        <LoadError message={toMessage(overview.error).message} retryLabel={tc('retry')} onRetry={() => void overview.refetch()} testId="overview-error" />
      ) : (
        <div className="grid grid-cols-1 gap-6" aria-busy={overview.isFetching} data-testid="overview">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Card label={t('usersTotal')} testId="overview-users">
              {n(overview.data.users.total)}
            </Card>
            <Card label={t('active7')}>{n(overview.data.users.active7)}</Card>
            <Card label={t('active30')}>{n(overview.data.users.active30)}</Card>
            <Card label={t('newUsers')}>
              {n(overview.data.users.newPerDay ? overview.data.users.newPerDay.reduce((sum, day) => sum + day.count, 0) : null)}
            </Card>
          </div>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            <section className="grid min-w-0 gap-3 rounded-xl border border-border bg-card p-4">
              <h2 className="font-semibold">{t('newPerDay')}</h2>
              {overview.data.users.newPerDay ? (
                <DayChart points={overview.data.users.newPerDay} label={t('newPerDayLabel', { days })} testId="overview-new-users" />
              ) : (
                <p className="text-sm text-muted-foreground">{t('authElsewhere')}</p>
              )}
            </section>
            <section className="grid min-w-0 gap-3 rounded-xl border border-border bg-card p-4">
              <h2 className="font-semibold">{t('searchesPerDay')}</h2>
              <DayChart points={overview.data.searchesPerDay} label={t('searchesPerDayLabel', { days })} testId="overview-searches" />
            </section>
          </div>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Card label={t('paying')} testId="overview-paying">
              {overview.data.paying.length === 0
                ? format.number(0)
                : overview.data.paying.map((row) => `${tc(`plans.${row.plan as 'pro'}`)} ${format.number(row.accounts)}`).join(' · ')}
            </Card>
            <Card label={overview.data.testMode ? t('mrrTest') : t('mrr')} testId="overview-mrr">
              {overview.data.mrr.length === 0
                ? format.number(0)
                : overview.data.mrr.map((row) => format.number(row.amount / 100, { style: 'currency', currency: row.currency.toUpperCase() })).join(' · ')}
            </Card>
            <Card label={t('complimentary')}>{n(overview.data.complimentary)}</Card>
            <Card label={t('storage')}>
              {overview.data.storageBytes === null ? '—' : format.number(overview.data.storageBytes / 1_048_576, { maximumFractionDigits: 1 }) + ' MB'}
            </Card>
            <Card label={t('aiMessages')}>{n(overview.data.ai.messages)}</Card>
            <Card label={t('aiTokens')}>{n(overview.data.ai.tokens)}</Card>
            <Card label={t('referenceChecks')}>{n(overview.data.referenceChecks)}</Card>
            <Card label={t('searches')}>{n(overview.data.searchesPerDay.reduce((sum, day) => sum + day.count, 0))}</Card>
          </div>
        </div>
      )}
    </div>
  );
}
