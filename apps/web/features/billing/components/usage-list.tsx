'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { cn } from '@/lib/utils';
import type { BillingOverview } from '../server/billing-overview';

/** The billing page's usage: each counted feature against the plan's limit, with when its count starts again. */
export function UsageList({ usage }: { usage: BillingOverview['usage'] }) {
  const t = useTranslations('billing');
  const tp = useTranslations('pricing');
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  return (
    <section aria-labelledby="billing-usage" className="rounded-xl border border-border bg-card p-5" data-testid="billing-usage">
      <h2 id="billing-usage" className="font-semibold">
        {t('usageTitle')}
      </h2>
      <ul className="mt-3 grid gap-4">
        {usage.map((line) => {
          const percent = line.limit === 'unlimited' ? 0 : Math.min(100, Math.round((line.used / Math.max(1, line.limit)) * 100));
          return (
            <li key={line.feature} className="grid gap-1" data-testid={`usage-${line.feature}`}>
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span>{tp(`features.${line.feature}`)}</span>
                <span className="text-muted-foreground">
                  {line.limit === 'unlimited' ? t('usedUnlimited', { used: line.used }) : t('usedOf', { used: line.used, limit: line.limit })}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={tp(`features.${line.feature}`)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className={cn('h-full rounded-full', percent >= 100 ? 'bg-destructive' : 'bg-primary')} style={{ width: `${percent}%` }} />
              </div>
              <p className="text-xs text-muted-foreground">{line.resetsOn ? t('resetsOn', { date: date(`${line.resetsOn}T00:00:00Z`) }) : t('noReset')}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
