'use client';

import { Check, Minus } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Button, buttonVariants } from '@/components/ui/button';
import { planFeatures } from '@/config/plans';
import { useAuth } from '@/hooks/use-auth';
import { useErrorMessage } from '@/hooks/use-error-message';
import { formatStorage } from '@/lib/format-price';
import { Link } from '@/lib/i18n/navigation';

/** The signed-in user's plan and what it includes (the limits later capabilities enforce). */
export function PlanCard() {
  const t = useTranslations('dashboard.home');
  const tp = useTranslations('pricing');
  const locale = useLocale();
  const format = useFormatter();
  const toMessage = useErrorMessage();
  const { plan } = useAuth();

  return (
    <section aria-labelledby="plan-title" className="rounded-xl border border-border bg-card p-5" data-testid="plan-card">
      <h2 id="plan-title" className="text-sm font-medium text-muted-foreground">
        {t('planTitle')}
      </h2>
      {plan.data ? (
        <>
          <p className="mt-1 text-2xl font-semibold" data-testid="plan-name">
            {tp(`plans.${plan.data.plan.id}.name`)}
          </p>
          <p className="text-sm text-muted-foreground">{t('planSince', { date: format.dateTime(new Date(plan.data.since), { dateStyle: 'long' }) })}</p>
          <h3 className="mt-4 text-sm font-medium">{t('planLimits')}</h3>
          <ul className="mt-2 grid gap-1.5 text-sm">
            {planFeatures.map((feature) => {
              const value = plan.data!.plan.features[feature];
              const text =
                typeof value === 'boolean'
                  ? tp(`features.${feature}`)
                  : tp('featureValue', {
                      feature: tp(`features.${feature}`),
                      value: value === 'unlimited' ? tp('unlimited') : feature === 'storageMb' ? formatStorage(value) : value.toLocaleString(locale),
                    });
              return (
                <li key={feature} className={value === false ? 'flex gap-2 text-muted-foreground line-through decoration-muted-foreground/50' : 'flex gap-2'}>
                  {value === false ? (
                    <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
                  ) : (
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  )}
                  <span>
                    {text}
                    {value === false ? <span className="sr-only"> ({tp('notIncluded')})</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href="/dashboard/settings/billing" className={buttonVariants({ size: 'sm' })} data-testid="plan-manage">
              {t('planManage')}
            </Link>
            <Link href="/pricing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {tp('compareTitle')}
            </Link>
          </div>
        </>
      ) : plan.error ? (
        <div className="mt-2 grid gap-2 text-sm" role="alert">
          <p>{toMessage(plan.error).message}</p>
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={plan.refetch}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="mt-3 grid gap-2" aria-busy="true">
          <div className="h-7 w-24 animate-pulse rounded bg-muted" />
          <div className="h-4 w-48 animate-pulse rounded bg-muted" />
        </div>
      )}
    </section>
  );
}
