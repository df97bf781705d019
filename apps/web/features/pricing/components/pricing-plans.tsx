'use client';

import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import {
  defaultCurrency,
  plans,
  signUpHref,
  yearlySavingPercent,
  type BillingInterval,
  type Currency,
  type FeatureValue,
  type PlanFeature,
} from '@/config/plans';
import { Link } from '@/lib/i18n/navigation';
import { CheckoutButton } from '@/features/pricing/components/checkout-button';
import { formatPrice } from '@/lib/format-price';
import { Segmented } from '@/components/ui/segmented';

/** Plan cards with the billing period and currency the reader picks; the choice goes to sign-up. */
export function PricingPlans() {
  const t = useTranslations('pricing');
  const locale = useLocale() as 'en' | 'zh';
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const [currency, setCurrency] = useState<Currency>(defaultCurrency[locale]);
  const featureLine = (feature: PlanFeature, value: FeatureValue) =>
    typeof value === 'boolean'
      ? t(`features.${feature}`)
      : t('featureValue', {
          feature: t(`features.${feature}`),
          value: value === 'unlimited' ? t('unlimited') : value.toLocaleString(locale),
        });
  const bestSaving = Math.max(...plans.map((plan) => yearlySavingPercent(plan, currency)));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-4">
        <Segmented
          name="interval"
          legend={t('interval')}
          value={interval}
          onChange={setBillingInterval}
          options={[
            { value: 'monthly', label: t('monthly') },
            { value: 'yearly', label: t('yearly'), badge: bestSaving > 0 ? t('save', { percent: bestSaving }) : undefined },
          ]}
        />
        <Segmented
          name="currency"
          legend={t('currency')}
          value={currency}
          onChange={setCurrency}
          options={[
            { value: 'usd', label: t('usd') },
            { value: 'cny', label: t('cny') },
          ]}
        />
      </div>
      <ul className="grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            className={clsx('relative flex flex-col rounded-2xl border bg-card/90 p-6', plan.highlighted ? 'border-primary shadow-lg' : 'border-border')}
          >
            {plan.highlighted ? (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">{t('popular')}</span>
            ) : null}
            <h2 className="text-lg font-semibold">{t(`plans.${plan.id}.name`)}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`plans.${plan.id}.description`)}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
                {formatPrice(plan.price[currency][interval], currency, locale)}
              </span>
              <span className="text-sm text-muted-foreground">
                {interval === 'monthly' ? t('perMonth') : t('perYear')}
                {plan.perSeat ? ` · ${t('perSeat')}` : ''}
              </span>
            </p>
            <ul className="mt-6 flex-1 space-y-2 text-sm">
              {(['searchesPerDay', 'aiMessagesPerMonth', 'libraryPapers', 'sharedLibraries'] as const)
                .filter((feature) => plan.features[feature] !== false)
                .map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    <span>{featureLine(feature, plan.features[feature])}</span>
                  </li>
                ))}
            </ul>
            {plan.id !== 'free' ? (
              <CheckoutButton
                plan={plan.id}
                interval={interval}
                currency={currency}
                label={t(`plans.${plan.id}.cta`)}
                variant={plan.highlighted ? 'default' : 'outline'}
                signUpHref={signUpHref(plan.id, interval, currency)}
              />
            ) : (
              <Link
                href={signUpHref(plan.id, interval, currency)}
                prefetch={false}
                className={clsx(buttonVariants({ variant: plan.highlighted ? 'default' : 'outline' }), 'mt-8 w-full')}
                data-testid="plan-cta"
              >
                {t(`plans.${plan.id}.cta`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
