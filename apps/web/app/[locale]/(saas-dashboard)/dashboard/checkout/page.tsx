import { FlaskConical } from 'lucide-react';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { TestCheckoutForm } from '@/features/billing/components/test-checkout-form';
import { findPlan, unitAmount } from '@/features/billing/server/prices';
import { checkoutSchema } from '@/features/billing/schema';
import { seatsFor } from '@/features/billing/server/checkout';
import { testModeEnabled } from '@/features/billing/server/stripe';
import { DECLINING_TEST_CARD, TEST_CARD } from '@/features/billing/server/test-mode';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { billingMessages } from '@/features/billing/messages';

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale, namespace: 'billing.testCheckout' });
  return { title: t('title') };
}

/**
 * /dashboard/checkout: the local test-mode checkout (only without Stripe, and in production only with
 * BILLING_TEST_MODE=on). The price is read from config/plans.ts;
 * the query only names the plan, interval, currency and seats.
 */
export default async function TestCheckoutPage(props: Props) {
  const locale = await pageLocale(props);
  await requireUser(locale);
  if (!testModeEnabled()) notFound();
  const parsed = checkoutSchema.safeParse(await props.searchParams);
  if (!parsed.success) notFound();
  const { plan, interval, currency } = parsed.data;
  const seats = seatsFor(plan, parsed.data.seats);
  const [t, tp, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'billing.testCheckout' }),
    getTranslations({ locale, namespace: 'pricing' }),
    getMessages(),
  ]);
  const each = unitAmount({ plan, interval, currency });
  return (
    <div className="mx-auto grid w-full max-w-md grid-cols-1 gap-6">
      <p
        className="flex items-center gap-2 rounded-lg border border-dashed border-primary/60 bg-primary/10 px-3 py-2 text-sm font-medium"
        data-testid="test-mode-banner"
      >
        <FlaskConical className="size-4 shrink-0" aria-hidden />
        {t('banner')}
      </p>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      <dl className="grid gap-2 rounded-xl border border-border bg-card p-5 text-sm" data-testid="test-checkout-summary">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('plan')}</dt>
          <dd className="font-medium">{tp(`plans.${plan}.name`)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('interval')}</dt>
          <dd>{t(interval)}</dd>
        </div>
      </dl>
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, billingMessages)} timeZone="UTC">
        <TestCheckoutForm
          plan={plan}
          interval={interval}
          currency={currency}
          seats={seats}
          perSeat={Boolean(findPlan(plan)?.perSeat)}
          unitAmount={each}
          testCard={TEST_CARD}
          decliningCard={DECLINING_TEST_CARD}
        />
      </IntlClientProvider>
    </div>
  );
}
