'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { BillingInterval, Currency } from '@/config/plans';
import { ApiError, apiFetch } from '@/features/auth/client/api';
import { useRouter } from '@/lib/i18n/navigation';
import { useErrorMessage } from '@/features/auth/client/use-error-message';
import type { Locale } from '@/lib/i18n/routing';
import type { PaidPlanId } from '../prices';

/**
 * A paid plan's call to action: asks POST /api/checkout where to pay and goes there (Stripe Checkout, the local
 * test-mode checkout, or the billing page for someone who already pays); signed out, it leads to sign-up.
 */
export function CheckoutButton(props: { plan: PaidPlanId; interval: BillingInterval; currency: Currency; label: string; variant: 'default' | 'outline'; signUpHref: string }) {
  const { plan, interval, currency, label, variant } = props;
  const locale = useLocale() as Locale;
  const toMessage = useErrorMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await apiFetch<{ url: string }>('/api/checkout', { locale, body: { plan, interval, currency } });
      window.location.assign(url);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'unauthorized') {
        router.push(props.signUpHref);
        return;
      }
      setError(toMessage(failure).message);
      setBusy(false);
    }
  }

  return (
    <div className="mt-8 grid gap-2">
      <Button type="button" variant={variant} className="w-full" onClick={start} disabled={busy} aria-busy={busy} data-testid="plan-cta">
        {label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
