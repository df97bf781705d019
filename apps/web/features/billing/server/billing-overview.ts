import 'server-only';
import { desc, sql } from '@citewise/db/orm';
import { getSubscription, type UserSubscription } from '@/features/entitlements/server/get-subscription';
import { getAiQuota } from '@/features/entitlements/server/get-ai-quota';
import { billingInvoices, libraryPapers } from '@/lib/db/schema';
import { withUserDb, type UserClaims } from '@/lib/db/user-db';
import { countedUsage, countingPeriod } from '@/features/entitlements/server/limits';
import { stripeConfigured, testModeEnabled } from './stripe';

export type UsageLine = {
  feature: 'searchesPerDay' | 'aiMessagesPerMonth' | 'referenceChecksPerMonth' | 'libraryPapers';
  used: number;
  limit: number | 'unlimited';
  /** ISO day the count starts again; null for totals that do not reset (papers kept in the library). */
  resetsOn: string | null;
};

/**
 * `kind`: `paid`; `overdue`, the newest unpaid invoice while the subscription's payment is being retried
 * (past_due, unpaid), the one bill still owed; `attempt`, any other unpaid invoice: a payment that failed and is not owed (a
 * declined card at checkout, whose subscription never started; a renewal that was paid since).
 */
export type InvoiceLine = {
  id: string;
  status: string;
  kind: 'paid' | 'overdue' | 'attempt';
  amountPaid: number;
  amountDue: number;
  currency: string;
  created: string;
  hostedInvoiceUrl: string | null;
};

export type BillingOverview = {
  subscription: UserSubscription;
  usage: UsageLine[];
  invoices: InvoiceLine[];
  /** True with Stripe configured (payment method and invoices in its Billing Portal); false in the local test mode. */
  stripe: boolean;
  /** True while the local test-mode checkout runs (see testModeEnabled()): the page offers its simulations. */
  testMode: boolean;
};

const limitOf = (value: number | boolean | 'unlimited'): number | 'unlimited' => (typeof value === 'number' ? value : 'unlimited');

/**
 * What the billing page shows, read as the user (Row Level Security): the plan, the measured usage against its
 * limits, and the invoices the webhook recorded. Storage against `storageMb` is shown on the My files page
 * (GET /api/files/usage), where it is enforced.
 */
export async function billingOverview(claims: UserClaims, now = new Date()): Promise<BillingOverview> {
  const [subscription, quota, rest] = await Promise.all([
    getSubscription(claims),
    getAiQuota(claims, now),
    withUserDb(claims, async (db) => {
      const [papers] = await db.select({ count: sql<string | number>`count(*)` }).from(libraryPapers);
      const invoices = await db.select().from(billingInvoices).orderBy(desc(billingInvoices.created)).limit(24);
      const searches = await countedUsage(db, claims.sub, 'searchesPerDay', now);
      const checks = await countedUsage(db, claims.sub, 'referenceChecksPerMonth', now);
      return { papers: Number(papers?.count ?? 0), invoices, searches, checks };
    }),
  ]);
  const features = subscription.plan.features;
  // Newest first: the first unpaid invoice is the one being retried, when a payment is.
  const retrying = ['past_due', 'unpaid'].includes(subscription.status);
  const owedId = retrying ? rest.invoices.find((invoice) => invoice.status !== 'paid')?.id : undefined;
  return {
    subscription,
    usage: [
      { feature: 'searchesPerDay', used: rest.searches, limit: limitOf(features.searchesPerDay), resetsOn: countingPeriod('searchesPerDay', now).resetsOn },
      { feature: 'aiMessagesPerMonth', used: quota.used, limit: quota.limit, resetsOn: quota.resetsOn },
      {
        feature: 'referenceChecksPerMonth',
        used: rest.checks,
        limit: limitOf(features.referenceChecksPerMonth),
        resetsOn: countingPeriod('referenceChecksPerMonth', now).resetsOn,
      },
      { feature: 'libraryPapers', used: rest.papers, limit: limitOf(features.libraryPapers), resetsOn: null },
    ],
    invoices: rest.invoices.map((invoice) => ({
      id: invoice.id,
      status: invoice.status,
      kind: invoice.status === 'paid' ? 'paid' : invoice.id === owedId ? 'overdue' : 'attempt',
      amountPaid: invoice.amountPaid,
      amountDue: invoice.amountDue,
      currency: invoice.currency,
      created: invoice.created.toISOString(),
      hostedInvoiceUrl: invoice.hostedInvoiceUrl,
    })),
    stripe: stripeConfigured(),
    testMode: testModeEnabled(),
  };
}
