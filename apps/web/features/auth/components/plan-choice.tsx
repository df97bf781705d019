'use client';

import { useLocale, useTranslations } from 'next-intl';
import { plans } from '@/config/plans';
import { formatPrice } from '@/lib/format-price';
import type { PlanChoice } from '../schema';

/** The plan picked on the pricing page, carried into sign-up and saved with the account. */
export function PlanChoiceNote({ choice }: { choice: PlanChoice }) {
  const t = useTranslations('auth.signUp.plan');
  const tp = useTranslations('pricing.plans');
  const locale = useLocale();
  const plan = plans.find((candidate) => candidate.id === choice.plan);
  if (!plan) return null;
  const amount = plan.price[choice.currency][choice.interval];
  const price =
    amount === 0
      ? t('free')
      : choice.interval === 'yearly'
        ? t('perYear', { price: formatPrice(amount, choice.currency, locale) })
        : t('perMonth', { price: formatPrice(amount, choice.currency, locale) });
  return (
    <div className="rounded-md border border-primary/30 bg-accent/40 p-3 text-sm" data-testid="plan-choice">
      <p className="text-xs font-medium text-muted-foreground">{t('label')}</p>
      <p className="mt-0.5 font-semibold" data-testid="plan-choice-summary">
        {t('summary', { plan: tp(`${plan.id}.name`), interval: t(choice.interval), price })}
      </p>
      {plan.id !== 'free' ? <p className="mt-1 text-muted-foreground">{t('note')}</p> : null}
    </div>
  );
}
