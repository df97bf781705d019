import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { IntlClientProvider } from '@/components/intl-client-provider';
import { BillingPanel } from '@/features/billing/components/billing-panel';
import { billingOverview } from '@/features/billing/server/billing-overview';
import { requireUser } from '@/lib/auth/session';
import { clientMessagesWith } from '@/lib/i18n/client-messages';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { billingMessages } from '@/features/billing/messages';

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(props);
  const t = await getTranslations({ locale });
  // As its sibling tabs: the tab, then Settings.
  return { title: `${t('billing.title')} · ${t('settings.title')}` };
}

/** /dashboard/settings/billing: the plan, its subscription, changes to it, invoices and usage against the limits. */
export default async function BillingPage(props: Props) {
  const locale = await pageLocale(props);
  const user = await requireUser(locale);
  const query = await props.searchParams;
  const [t, messages, overview] = await Promise.all([getTranslations({ locale, namespace: 'billing' }), getMessages(), billingOverview(user.claims)]);
  const change =
    query.change === 'pro' || query.change === 'team'
      ? { plan: query.change as 'pro' | 'team', interval: query.interval === 'yearly' ? ('yearly' as const) : ('monthly' as const) }
      : null;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('lead')}</p>
      </header>
      {query.checkout === 'success' ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm" data-testid="checkout-success">
          {overview.subscription.plan.id === 'free' ? t('checkoutPending') : t('checkoutDone')}
        </p>
      ) : null}
      <IntlClientProvider locale={locale} messages={clientMessagesWith(messages, billingMessages)} timeZone="UTC">
        <BillingPanel overview={overview} initialChange={change} />
      </IntlClientProvider>
    </div>
  );
}
