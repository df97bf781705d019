'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { useErrorMessage } from '@/hooks/use-error-message';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { cn } from '@/lib/utils';
import { formatMinor } from '../format';
import type { PaidPlanId } from '@/features/billing/server/prices';
import { MAX_SEATS } from '../seats';
import type { BillingOverview } from '../server/billing-overview';
import { CancelConfirmation } from './cancel-confirmation';
import { InvoiceList } from './invoice-list';
import { TestModeEvents } from './test-mode-events';
import { UsageList } from './usage-list';
import { useApi } from '@/lib/api/use-api';

type Preview = { amountDue: number; currency: string; nextAmount: number; periodResets: boolean };

/** /dashboard/settings/billing's content: plan and status, changes, invoices and usage, from billingOverview(). */
export function BillingPanel({
  overview,
  initialChange,
}: {
  overview: BillingOverview;
  initialChange: { plan: PaidPlanId; interval: 'monthly' | 'yearly' } | null;
}) {
  const t = useTranslations('billing');
  const tp = useTranslations('pricing');
  const locale = useLocale() as Locale;
  const api = useApi();
  const format = useFormatter();
  const router = useRouter();
  const toMessage = useErrorMessage();
  const { subscription, usage, invoices, stripe, testMode } = overview;
  const paid = subscription.plan.id !== 'free' && subscription.currentPeriodEnd !== null && ['active', 'trialing', 'past_due'].includes(subscription.status);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [target, setTarget] = useState<{ plan: PaidPlanId; interval: 'monthly' | 'yearly' }>(
    initialChange ?? { plan: subscription.plan.id === 'team' ? 'pro' : 'team', interval: subscription.interval ?? 'monthly' },
  );
  // Seats are chosen for the per-seat plan (Team) only; the field keeps what was typed until it is a valid count.
  const [seatsText, setSeatsText] = useState(String(Math.max(1, subscription.seats)));
  const seatsNumber = Number(seatsText);
  const perSeat = target.plan === 'team';
  const seats = perSeat ? (Number.isInteger(seatsNumber) && seatsNumber >= 1 && seatsNumber <= MAX_SEATS ? seatsNumber : null) : 1;
  const unchanged = target.plan === subscription.plan.id && target.interval === subscription.interval && (!perSeat || seats === subscription.seats);
  const change = { ...target, ...(perSeat && seats !== null ? { seats } : {}) };
  const [preview, setPreview] = useState<Preview | null>(null);
  // Cancelling asks first: one click must not end a paid plan.
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  async function run(name: string, path: string, body: unknown, after?: () => void) {
    setBusy(name);
    setError(null);
    setNotice(null);
    try {
      const result = await api.fetch<{ url?: string }>(path, { body });
      if (result.url) {
        window.location.assign(result.url);
        return;
      }
      after?.();
      if (stripe) setNotice(t('pendingStripe'));
      router.refresh();
    } catch (failure) {
      setError(toMessage(failure).message);
    } finally {
      setBusy(null);
    }
  }

  async function loadPreview() {
    setBusy('preview');
    setError(null);
    try {
      const query = new URLSearchParams({ plan: target.plan, interval: target.interval, ...(perSeat && seats !== null ? { seats: String(seats) } : {}) });
      setPreview(await api.fetch<Preview>(`/api/billing/preview?${query.toString()}`));
    } catch (failure) {
      setError(toMessage(failure).message);
    } finally {
      setBusy(null);
    }
  }

  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  const statusTone = subscription.status === 'past_due' || subscription.status === 'incomplete' ? 'text-destructive' : 'text-muted-foreground';

  return (
    <div className="grid gap-6">
      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="billing-error">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-lg border border-border bg-muted p-3 text-sm">
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="billing-plan" className="rounded-xl border border-border bg-card p-5" data-testid="billing-plan">
        <h2 id="billing-plan" className="text-sm font-medium text-muted-foreground">
          {t('planTitle')}
        </h2>
        <p className="mt-1 text-2xl font-semibold" data-testid="billing-plan-name">
          {tp(`plans.${subscription.plan.id}.name`)}
        </p>
        <p className={cn('text-sm', statusTone)} data-testid="billing-status">
          {t(
            `status.${(['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'].includes(subscription.status) ? subscription.status : 'other') as 'active'}`,
          )}
          {subscription.interval ? ` · ${t(`interval.${subscription.interval}`)}` : ''}
          {subscription.seats > 1 ? ` · ${t('seats', { count: subscription.seats })}` : ''}
        </p>
        {paid && subscription.currentPeriodEnd ? (
          <p className="mt-2 text-sm" data-testid="billing-period">
            {subscription.cancelAtPeriodEnd
              ? t('endsOn', { date: date(subscription.currentPeriodEnd) })
              : t('renewsOn', { date: date(subscription.currentPeriodEnd) })}
          </p>
        ) : null}
        {subscription.status === 'past_due' ? <p className="mt-2 text-sm text-destructive">{t('pastDue')}</p> : null}
        {subscription.throughTeam ? (
          <p className="mt-2 text-sm" data-testid="billing-through-team">
            {t('throughTeam')}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {subscription.throughTeam || (paid && subscription.plan.id === 'team') ? (
            <Link href="/dashboard/settings/team" className={buttonVariants({ size: 'sm', variant: 'outline' })} data-testid="billing-team">
              {t('manageTeam')}
            </Link>
          ) : null}
          {subscription.throughTeam ? null : !paid ? (
            <Link href="/pricing" className={buttonVariants({ size: 'sm' })} data-testid="billing-upgrade">
              {t('upgrade')}
            </Link>
          ) : subscription.cancelAtPeriodEnd ? (
            <Button
              type="button"
              size="sm"
              onClick={() => run('resume', '/api/billing/subscription', { action: 'resume' })}
              disabled={busy !== null}
              data-testid="billing-resume"
            >
              {t('resume')}
            </Button>
          ) : (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setConfirmingCancel(true)}
              disabled={busy !== null || confirmingCancel}
              data-testid="billing-cancel"
            >
              {t('cancel')}
            </Button>
          )}
          {stripe && paid ? (
            <Button type="button" size="sm" variant="outline" onClick={() => run('portal', '/api/billing/portal', {})} disabled={busy !== null}>
              {t('portal')}
            </Button>
          ) : null}
        </div>
        {confirmingCancel && paid && !subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd ? (
          <CancelConfirmation
            question={t('cancelQuestion', { plan: tp(`plans.${subscription.plan.id}.name`), date: date(subscription.currentPeriodEnd) })}
            disabled={busy !== null}
            onConfirm={() => run('cancel', '/api/billing/subscription', { action: 'cancel' }, () => setConfirmingCancel(false))}
            onBack={() => setConfirmingCancel(false)}
          />
        ) : null}
      </section>

      {paid ? (
        <section aria-labelledby="billing-change" className="rounded-xl border border-border bg-card p-5" data-testid="billing-change">
          <h2 id="billing-change" className="font-semibold">
            {t('changeTitle')}
          </h2>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              {t('changePlan')}
              <select
                className="h-9 rounded-md border border-input bg-background px-2"
                value={target.plan}
                onChange={(event) => {
                  setTarget({ ...target, plan: event.target.value as PaidPlanId });
                  setPreview(null);
                }}
                data-testid="change-plan"
              >
                <option value="pro">{tp('plans.pro.name')}</option>
                <option value="team">{tp('plans.team.name')}</option>
              </select>
            </label>
            <label className="grid gap-1 text-sm">
              {t('changeInterval')}
              <select
                className="h-9 rounded-md border border-input bg-background px-2"
                value={target.interval}
                onChange={(event) => {
                  setTarget({ ...target, interval: event.target.value as 'monthly' | 'yearly' });
                  setPreview(null);
                }}
                data-testid="change-interval"
              >
                <option value="monthly">{t('interval.monthly')}</option>
                <option value="yearly">{t('interval.yearly')}</option>
              </select>
            </label>
            {perSeat ? (
              <label className="grid gap-1 text-sm">
                {t('changeSeats')}
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_SEATS}
                  className="h-9 w-24 rounded-md border border-input bg-background px-2"
                  value={seatsText}
                  aria-invalid={seats === null || undefined}
                  onChange={(event) => {
                    setSeatsText(event.target.value);
                    setPreview(null);
                  }}
                  data-testid="change-seats"
                />
              </label>
            ) : null}
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={loadPreview}
              disabled={busy !== null || unchanged || seats === null}
              data-testid="change-preview"
            >
              {t('previewChange')}
            </Button>
          </div>
          {preview ? (
            <div className="mt-4 grid gap-2 text-sm" data-testid="change-preview-result">
              <p>
                {preview.amountDue >= 0
                  ? t('dueNow', { amount: formatMinor(preview.amountDue, preview.currency, locale) })
                  : t('credit', { amount: formatMinor(-preview.amountDue, preview.currency, locale) })}
              </p>
              <p className="text-muted-foreground">
                {t(preview.periodResets ? 'nextNewPeriod' : 'nextSamePeriod', { amount: formatMinor(preview.nextAmount, preview.currency, locale) })}
              </p>
              <Button
                type="button"
                size="sm"
                className="w-fit"
                onClick={() => run('change', '/api/billing/subscription', { action: 'change', ...change }, () => setPreview(null))}
                disabled={busy !== null}
                data-testid="change-confirm"
              >
                {t('confirmChange')}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}

      <UsageList usage={usage} />

      <InvoiceList invoices={invoices} stripe={stripe} />

      {testMode && paid ? (
        <TestModeEvents subscription={subscription} disabled={busy !== null} onEvent={(event) => run(event, '/api/billing/simulate', { event })} />
      ) : null}
    </div>
  );
}
