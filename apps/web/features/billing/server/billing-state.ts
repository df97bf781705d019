import 'server-only';
import { eq } from '@citewise/db/orm';
import { subscriptions } from '@/lib/db/schema';
import { appDatabase } from '@/lib/db/database';
import { billingCustomers } from '@/lib/db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription row as the owner reads it (the checkout and change paths), or null before the first read. */
export async function subscriptionRow(userId: string): Promise<SubscriptionRow | null> {
  const { db } = await appDatabase();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

export async function customerId(userId: string): Promise<string | null> {
  const { db } = await appDatabase();
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row?.stripeCustomerId ?? null;
}
