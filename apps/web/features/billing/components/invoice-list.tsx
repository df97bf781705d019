'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/routing';
import { formatMinor } from '../format';
import type { InvoiceLine } from '../server/billing-overview';

/**
 * The billing page's invoices. A payment that failed and is not owed (a declined card at checkout, a renewal paid
 * since) is shown as an attempt, not as a bill: muted, saying nothing was charged. Only the overdue invoice of a
 * subscription whose payment is being retried reads as one (billing-overview.ts decides which is which).
 */
export function InvoiceList({ invoices, stripe }: { invoices: InvoiceLine[]; stripe: boolean }) {
  const t = useTranslations('billing');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  return (
    <section aria-labelledby="billing-invoices" className="rounded-xl border border-border bg-card p-5" data-testid="billing-invoices">
      <h2 id="billing-invoices" className="font-semibold">
        {t('invoicesTitle')}
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('invoicesEmpty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border text-sm">
          {invoices.map((invoice) =>
            invoice.kind === 'attempt' ? (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-muted-foreground"
                data-kind="attempt"
                data-testid="billing-attempt"
              >
                <span>{date(invoice.created)}</span>
                <span>{t('invoiceAttempt', { amount: formatMinor(invoice.amountDue, invoice.currency, locale) })}</span>
              </li>
            ) : (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-kind={invoice.kind} data-testid="billing-invoice">
                <span>{date(invoice.created)}</span>
                <span className="font-medium">{formatMinor(invoice.kind === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency, locale)}</span>
                <span className={invoice.kind === 'paid' ? 'text-success' : 'text-destructive'}>
                  {t(invoice.kind === 'paid' ? 'invoicePaid' : 'invoiceOverdue')}
                </span>
                {invoice.hostedInvoiceUrl && stripe ? (
                  <a href={invoice.hostedInvoiceUrl} className="text-primary underline-offset-4 hover:underline" rel="noopener noreferrer" target="_blank">
                    {t('invoiceView')}
                  </a>
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
