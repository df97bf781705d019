'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { banDurations } from '../schema';
import type { AdminUserDetail } from '../server/get-user-detail';
import { ConfirmAction } from '@/components/ui/confirm-action';

type Run = (request: { path: string; method: string; body?: unknown; done: string }) => void;

/** Ban for a chosen time, or lift a ban (PATCH /api/admin/users/{id}). */
export function BanControls({ user, who, pending, run }: { user: AdminUserDetail; who: string; pending: boolean; run: Run }) {
  const t = useTranslations('admin.user');
  const [duration, setDuration] = useState<(typeof banDurations)[number]>('24h');
  if (user.status === 'banned') {
    return (
      <ConfirmAction
        label={t('unban')}
        question={t('unbanQuestion', { user: who })}
        confirmLabel={t('unban')}
        pending={pending}
        testId="user-unban"
        onConfirm={() => run({ path: `/api/admin/users/${user.id}`, method: 'PATCH', body: { ban_duration: 'none' }, done: t('unbanned') })}
      />
    );
  }
  const durationLabel = t(`banFor.${duration}`);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">{t('banDuration')}</span>
        <select
          value={duration}
          onChange={(event) => setDuration(event.target.value as typeof duration)}
          className="h-9 rounded-md border border-border bg-card px-3 text-sm"
          data-testid="ban-duration"
        >
          {banDurations.map((value) => (
            <option key={value} value={value}>
              {t(`banFor.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <ConfirmAction
        label={t('ban')}
        question={t('banQuestion', { user: who, duration: durationLabel })}
        confirmLabel={t('ban')}
        pending={pending}
        testId="user-ban"
        onConfirm={() => run({ path: `/api/admin/users/${user.id}`, method: 'PATCH', body: { ban_duration: duration }, done: t('banned') })}
      />
    </div>
  );
}
