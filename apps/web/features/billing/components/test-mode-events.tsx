'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { BillingOverview } from '../server/billing-overview';

export type SimulatedEvent = 'renewal' | 'payment_failed' | 'payment_recovered' | 'period_end';

/** Test mode only: the subscription events a real card would cause, sent through the same webhook on demand. */
export function TestModeEvents({
  subscription,
  disabled,
  onEvent,
}: {
  subscription: BillingOverview['subscription'];
  disabled: boolean;
  onEvent: (event: SimulatedEvent) => void;
}) {
  const t = useTranslations('billing');
  return (
    <section aria-labelledby="billing-simulate" className="rounded-xl border border-dashed border-border p-5" data-testid="billing-simulate">
      <h2 id="billing-simulate" className="font-semibold">
        {t('simulate.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('simulate.lead')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {(['renewal', 'payment_failed', 'payment_recovered', 'period_end'] as SimulatedEvent[])
          .filter((event) =>
            event === 'payment_recovered'
              ? subscription.status === 'past_due'
              : event === 'period_end'
                ? subscription.cancelAtPeriodEnd
                : !subscription.cancelAtPeriodEnd,
          )
          .map((event) => (
            <Button key={event} type="button" size="sm" variant="outline" onClick={() => onEvent(event)} disabled={disabled} data-testid={`simulate-${event}`}>
              {t(`simulate.${event}`)}
            </Button>
          ))}
      </div>
    </section>
  );
}
