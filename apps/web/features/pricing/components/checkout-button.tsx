'use client';

import { clsx } from 'clsx';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import type { BillingInterval, Currency } from '@/config/plans';
import { ApiError } from '@/lib/api/client';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useErrorMessage } from '@/hooks/use-error-message';
import type { PaidPlanId } from '@/features/billing/server/prices';
import { useApi } from '@/lib/api/use-api';

/**
 * A paid plan's call to action: asks POST /api/checkout where to pay and goes there (Stripe Checkout, the local
 * test-mode checkout, or the billing page for someone who already pays); signed out, it leads to sign-up. It is a
 * link to sign-up underneath, so the prerendered pricing page works without script and reads as a link.
 */
export function CheckoutButton(props: {
  plan: PaidPlanId;
  interval: BillingInterval;
  currency: Currency;
  label: string;
  variant: 'default' | 'outline';
  signUpHref: string;
}) {
  const { plan, interval, currency, label, variant } = props;
  const api = useApi();
  const toMessage = useErrorMessage();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await api.fetch<{ url: string }>('/api/checkout', { body: { plan, interval, currency } });
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
      <Link
        href={props.signUpHref}
        prefetch={false}
        // Joined, not merged (no class here fights the variant's): public pages ship no class merger.
        className={clsx(buttonVariants({ variant }), 'w-full', busy && 'pointer-events-none opacity-60')}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) void start();
        }}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        data-testid="plan-cta"
      >
        {label}
      </Link>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
