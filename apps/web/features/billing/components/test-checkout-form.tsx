'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { BillingInterval, Currency } from '@/config/plans';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useHydrated } from '@/hooks/use-hydrated';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { formatMinor } from '../format';
import type { PaidPlanId } from '@/features/billing/server/prices';
import { MAX_SEATS } from '../seats';
import { useApi } from '@/lib/api/use-api';

/**
 * The local test-mode checkout's card form: the succeeding test card prefilled, one "Subscribe" button. Card and
 * button stay disabled until React has taken over, so the browser never submits the form itself (a GET that would
 * put the card number in the address bar and lose the choice of plan).
 */
export function TestCheckoutForm(props: {
  plan: PaidPlanId;
  interval: BillingInterval;
  currency: Currency;
  seats: number;
  /** Per-seat plans (Team) choose their seat count here; the total follows it. */
  perSeat: boolean;
  /** The price of one seat for one period, in minor units, from config/plans.ts. */
  unitAmount: number;
  testCard: string;
  decliningCard: string;
}) {
  const { plan, interval, currency, perSeat, unitAmount, testCard, decliningCard } = props;
  const t = useTranslations('billing.testCheckout');
  const locale = useLocale() as Locale;
  const api = useApi();
  const router = useRouter();
  const toMessage = useErrorMessage();
  const hydrated = useHydrated();
  const [card, setCard] = useState(testCard);
  const [seatsText, setSeatsText] = useState(String(props.seats));
  const seatsNumber = Number.parseInt(seatsText, 10);
  const seats = perSeat ? (Number.isInteger(seatsNumber) && seatsNumber >= 1 && seatsNumber <= MAX_SEATS ? seatsNumber : null) : 1;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (seats === null) {
      setError(t('seatsInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.fetch('/api/billing/test-checkout', { body: { plan, interval, currency, seats, card } });
      router.push('/dashboard/settings/billing?checkout=success');
      router.refresh();
    } catch (failure) {
      setError(toMessage(failure).message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-2 rounded-xl border border-border bg-card p-5 text-sm">
        <div className="flex items-center justify-between gap-4">
          {perSeat ? (
            <label htmlFor="test-seats" className="text-muted-foreground">
              {t('seats')}
            </label>
          ) : (
            <span className="text-muted-foreground">{t('seats')}</span>
          )}
          {perSeat ? (
            <div className="w-24 shrink-0">
              <Input
                id="test-seats"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SEATS}
                value={seatsText}
                onChange={(event) => setSeatsText(event.target.value)}
                disabled={!hydrated}
                aria-invalid={seats === null || undefined}
                className="text-right"
                data-testid="test-seats"
              />
            </div>
          ) : (
            <span>1</span>
          )}
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-2">
          <span className="font-medium">{t('total')}</span>
          <span className="font-semibold" data-testid="test-checkout-total">
            {seats === null ? '—' : t(interval === 'monthly' ? 'perMonth' : 'perYear', { amount: formatMinor(unitAmount * seats, currency, locale) })}
          </span>
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="test-card" className="text-sm font-medium">
          {t('cardNumber')}
        </label>
        <Input
          id="test-card"
          name="card"
          inputMode="numeric"
          autoComplete="off"
          value={card}
          onChange={(event) => setCard(event.target.value)}
          disabled={!hydrated}
          aria-describedby="test-card-hint"
          data-testid="test-card"
        />
        <p id="test-card-hint" className="text-xs text-muted-foreground">
          {t('cardHint', { declining: decliningCard })}
        </p>
        <button
          type="button"
          className="w-fit text-xs text-primary underline-offset-4 hover:underline focus-visible:underline"
          onClick={() => setCard(decliningCard)}
          data-testid="use-declining-card"
        >
          {t('useDeclining')}
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="test-expiry" className="text-sm font-medium">
            {t('expiry')}
          </label>
          <Input id="test-expiry" defaultValue="12 / 34" readOnly />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="test-cvc" className="text-sm font-medium">
            {t('cvc')}
          </label>
          <Input id="test-cvc" defaultValue="123" readOnly />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="checkout-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={!hydrated || busy} aria-busy={busy} data-testid="subscribe">
        {busy ? t('subscribing') : t('subscribe')}
      </Button>
    </form>
  );
}
