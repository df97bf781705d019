import 'server-only';
import { randomBytes } from 'node:crypto';
import { appDatabase } from '@/lib/db/database';
import type { SessionUser } from '@/lib/auth/session';
import { customerId } from './billing-state';
import { stripeClient, stripeConfigured } from './stripe';
import { linkCustomer } from './sync-subscription';

/**
 * The user's one Stripe customer, created (once: an idempotency key per user, and a unique column) before
 * their first checkout, so every webhook finds the user by it. Test mode makes a local `cus_local_…` id.
 */
export async function ensureCustomer(user: SessionUser): Promise<string> {
  const existing = await customerId(user.id);
  if (existing) return existing;
  const id = stripeConfigured()
    ? (
        await stripeClient().customers.create(
          { email: user.email ?? undefined, phone: user.phone ?? undefined, metadata: { user_id: user.id } },
          { idempotencyKey: `customer:${user.id}` },
        )
      ).id
    : `cus_local_${randomBytes(10).toString('hex')}`;
  const { db } = await appDatabase();
  await db.transaction((tx) => linkCustomer(tx, user.id, id));
  // A concurrent first checkout may have linked another id first; everyone uses the stored one.
  return (await customerId(user.id)) ?? id;
}
