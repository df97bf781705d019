'use client';

import { useTranslations } from 'next-intl';
import { useAuth } from '@/hooks/use-auth';

/** The user's plan as the AuthProvider knows it (GET /api/user/subscription). */
export function PlanBadge() {
  const t = useTranslations('dashboard.user');
  const tp = useTranslations('pricing.plans');
  const { plan } = useAuth();
  if (!plan.data) {
    return <span className="text-xs text-muted-foreground">{plan.loading ? t('planLoading') : null}</span>;
  }
  return (
    <span
      className="w-fit rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground"
      data-testid="plan-badge"
      data-plan={plan.data.plan.id}
    >
      {t('plan', { plan: tp(`${plan.data.plan.id}.name`) })}
    </span>
  );
}
