/**
 * Subscription plans. Prices are in whole currency units per seat; yearly prices are billed once a
 * year. Feature values are the limits later capabilities enforce: a number is a limit, `true` /
 * `false` is included or not, `'unlimited'` has no limit.
 */
export type PlanId = 'free' | 'pro' | 'team';
export type BillingInterval = 'monthly' | 'yearly';
export type Currency = 'usd' | 'cny';
export type FeatureValue = number | boolean | 'unlimited';

export type Plan = {
  id: PlanId;
  price: Record<Currency, Record<BillingInterval, number>>;
  perSeat: boolean;
  highlighted: boolean;
  features: Record<PlanFeature, FeatureValue>;
};

export const planFeatures = [
  'searchesPerDay',
  'onlineSources',
  'aiMessagesPerMonth',
  'referenceChecksPerMonth',
  'libraryPapers',
  'storageMb',
  'citationStyles',
  'sharedLibraries',
  'prioritySupport',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

export const plans: readonly Plan[] = [
  {
    id: 'free',
    price: { usd: { monthly: 0, yearly: 0 }, cny: { monthly: 0, yearly: 0 } },
    perSeat: false,
    highlighted: false,
    features: {
      searchesPerDay: 50,
      onlineSources: true,
      aiMessagesPerMonth: 100,
      referenceChecksPerMonth: 20,
      libraryPapers: 500,
      storageMb: 200,
      citationStyles: true,
      sharedLibraries: false,
      prioritySupport: false,
    },
  },
  {
    id: 'pro',
    price: { usd: { monthly: 12, yearly: 120 }, cny: { monthly: 68, yearly: 680 } },
    perSeat: false,
    highlighted: true,
    features: {
      searchesPerDay: 'unlimited',
      onlineSources: true,
      aiMessagesPerMonth: 3000,
      referenceChecksPerMonth: 'unlimited',
      libraryPapers: 'unlimited',
      storageMb: 10240,
      citationStyles: true,
      sharedLibraries: false,
      prioritySupport: false,
    },
  },
  {
    id: 'team',
    price: { usd: { monthly: 20, yearly: 200 }, cny: { monthly: 118, yearly: 1180 } },
    perSeat: true,
    highlighted: false,
    features: {
      searchesPerDay: 'unlimited',
      onlineSources: true,
      aiMessagesPerMonth: 6000,
      referenceChecksPerMonth: 'unlimited',
      libraryPapers: 'unlimited',
      storageMb: 51200,
      citationStyles: true,
      sharedLibraries: true,
      prioritySupport: true,
    },
  },
];

export const defaultCurrency: Record<'en' | 'zh', Currency> = { en: 'usd', zh: 'cny' };

/** Where a plan's call to action leads: sign-up, with the choice carried along. */
export function signUpHref(plan: PlanId, interval: BillingInterval, currency: Currency): string {
  const query = new URLSearchParams({ plan, interval, currency });
  return `/auth/signup?${query.toString()}`;
}

/** Yearly saving against twelve monthly payments, in whole percent. */
export function yearlySavingPercent(plan: Plan, currency: Currency): number {
  const monthlyTotal = plan.price[currency].monthly * 12;
  if (monthlyTotal === 0) return 0;
  return Math.round((1 - plan.price[currency].yearly / monthlyTotal) * 100);
}
