'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import type { AdminUserDetail } from '../server/get-user-detail';
import { ConfirmAction } from '@/components/ui/confirm-action';

type Run = (request: { path: string; method: string; body?: unknown; done: string }) => void;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The account's plan, and giving or taking one by hand (PUT / DELETE /api/admin/users/{id}/plan). */
export function PlanControls({ user, who, pending, run }: { user: AdminUserDetail; who: string; pending: boolean; run: Run }) {
  const t = useTranslations('admin.user');
  const tc = useTranslations('admin');
  const format = useFormatter();
  const [plan, setPlan] = useState<'pro' | 'team'>('pro');
  const [until, setUntil] = useState(inDays(30));
  const planName = (id: string) => tc(`plans.${id as 'free'}`);
  const current = user.plan;
  return (
    <div className="grid gap-4 text-sm">
      <p data-testid="user-plan-current" data-plan={current.id}>
        {current.complimentary_until
          ? t('planComplimentary', { plan: planName(current.id), until: format.dateTime(new Date(current.complimentary_until), { dateStyle: 'medium' }) })
          : t('planCurrent', { plan: planName(current.id) })}
      </p>
      {current.complimentary_until ? (
        <ConfirmAction
          label={t('takePlan')}
          question={t('takePlanQuestion', { user: who, plan: planName(current.id) })}
          confirmLabel={t('takePlan')}
          pending={pending}
          testId="plan-take"
          onConfirm={() => run({ path: `/api/admin/users/${user.id}/plan`, method: 'DELETE', done: t('planTaken') })}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span className="text-muted-foreground">{t('givePlan')}</span>
          <select
            value={plan}
            onChange={(event) => setPlan(event.target.value as typeof plan)}
            className="h-9 rounded-md border border-border bg-card px-3"
            data-testid="plan-choice"
          >
            <option value="pro">{planName('pro')}</option>
            <option value="team">{planName('team')}</option>
          </select>
        </label>
        <label className="grid gap-1">
          <span className="text-muted-foreground">{t('until')}</span>
          <Input type="date" value={until} min={inDays(1)} onChange={(event) => setUntil(event.target.value)} className="h-9 w-auto" data-testid="plan-until" />
        </label>
        <ConfirmAction
          label={t('give')}
          question={t('givePlanQuestion', { user: who, plan: planName(plan), until })}
          confirmLabel={t('give')}
          pending={pending}
          disabled={!until}
          testId="plan-give"
          onConfirm={() => run({ path: `/api/admin/users/${user.id}/plan`, method: 'PUT', body: { plan, until }, done: t('planGiven') })}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('planNote')}</p>
    </div>
  );
}
