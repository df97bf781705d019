import { plans, type BillingInterval, type Currency, type Plan, type PlanId } from '../../../config/plans';

/**
 * Stripe prices are found by lookup key, one per paid plan, interval and currency (`pro_monthly_usd`), all
 * derived from config/plans.ts: the one source of plans and prices. No server imports: pages use it too.
 */
export type PaidPlanId = Exclude<PlanId, 'free'>;
export type PriceKey = { plan: PaidPlanId; interval: BillingInterval; currency: Currency };

export const billingIntervals: readonly BillingInterval[] = ['monthly', 'yearly'];
export const currencies: readonly Currency[] = ['usd', 'cny'];

export function paidPlans(): Plan[] {
  return plans.filter((plan) => plan.id !== 'free');
}

export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

export function lookupKey({ plan, interval, currency }: PriceKey): string {
  return `${plan}_${interval}_${currency}`;
}

/** The plan, interval and currency a lookup key names, or null for a key this product does not sell. */
export function parseLookupKey(key: string | null | undefined): PriceKey | null {
  const match = /^([a-z]+)_(monthly|yearly)_(usd|cny)$/.exec(key ?? '');
  if (!match) return null;
  const plan = findPlan(match[1]!);
  if (!plan || plan.id === 'free') return null;
  return { plan: plan.id as PaidPlanId, interval: match[2] as BillingInterval, currency: match[3] as Currency };
}

/** The price of one seat in the currency's minor unit (cents, fen), as Stripe counts amounts. */
export function unitAmount({ plan, interval, currency }: PriceKey): number {
  return Math.round(findPlan(plan)!.price[currency][interval] * 100);
}

/** Every price the product sells: what `npm run billing:sync` makes Stripe hold. */
export function allPriceKeys(): PriceKey[] {
  return paidPlans().flatMap((plan) =>
    billingIntervals.flatMap((interval) => currencies.map((currency) => ({ plan: plan.id as PaidPlanId, interval, currency }))),
  );
}

/** Stripe's name of an interval. */
export function stripeInterval(interval: BillingInterval): 'month' | 'year' {
  return interval === 'monthly' ? 'month' : 'year';
}

/** Statuses a subscription never leaves. */
export const terminalStatuses: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * The amount a plan change costs (positive) or credits (negative) now, in minor units: the unused part of
 * the current period at the old price is credited, the same part at the new price is charged. The way
 * Stripe prorates by default (`create_prorations`, per second); used to show the amount before confirming.
 */
export function proratedAmount(input: { fromAmount: number; toAmount: number; periodStart: number; periodEnd: number; now: number }): number {
  const { fromAmount, toAmount, periodStart, periodEnd, now } = input;
  const length = periodEnd - periodStart;
  if (length <= 0 || now >= periodEnd) return 0;
  const remaining = Math.min(1, Math.max(0, (periodEnd - now) / length));
  return Math.round((toAmount - fromAmount) * remaining);
}
