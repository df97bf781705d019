'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { AiQuota } from '@/features/entitlements/server/get-ai-quota';

/** What is left of the month's AI messages and when the count starts again; at the limit, a way to upgrade. */
export function QuotaCard({ quota }: { quota: AiQuota }) {
  const t = useTranslations('dashboard.aiUsage');
  const format = useFormatter();
  const resetsOn = format.dateTime(new Date(`${quota.resetsOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const exhausted = quota.remaining === 0;
  const share = quota.limit === 'unlimited' || quota.limit === 0 ? 0 : Math.min(1, quota.used / quota.limit);

  return (
    <section aria-labelledby="quota-title" className="grid gap-3 rounded-xl border border-border bg-card p-5" data-testid="usage-quota">
      <h2 id="quota-title" className="text-sm font-medium text-muted-foreground">
        {t('quotaTitle')}
      </h2>
      {quota.limit === 'unlimited' ? (
        <p className="text-2xl font-semibold" data-testid="usage-remaining">
          {t('unlimited', { used: quota.used })}
        </p>
      ) : (
        <>
          <p className="text-2xl font-semibold" data-testid="usage-remaining">
            {t('remaining', { count: quota.remaining as number })}
          </p>
          <div
            role="meter"
            aria-label={t('quotaTitle')}
            aria-valuemin={0}
            aria-valuemax={quota.limit}
            aria-valuenow={quota.used}
            aria-valuetext={t('used', { used: quota.used, limit: quota.limit })}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className={exhausted ? 'h-full bg-destructive' : 'h-full bg-primary'} style={{ width: `${share * 100}%` }} />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="usage-used">
            {t('used', { used: quota.used, limit: quota.limit })}
          </p>
        </>
      )}
      <p className="text-sm" data-testid="usage-resets">
        {t('resets', { date: resetsOn })}
      </p>
      {exhausted ? (
        <div role="alert" className="grid gap-2 rounded-lg border border-destructive/50 p-3 text-sm" data-testid="usage-exhausted">
          <p className="font-medium">{t('exhaustedTitle')}</p>
          <p className="text-muted-foreground">{t('exhaustedBody', { date: resetsOn })}</p>
          <Link href="/pricing" className={buttonVariants({ size: 'sm', className: 'w-fit' })} data-testid="usage-upgrade">
            {t('upgrade')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
