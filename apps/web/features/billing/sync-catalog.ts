// The Stripe catalog (products and prices) made to match config/plans.ts; `npm run billing:sync` runs it. Relative
// imports and no server-only marker: the script runs it outside Next.js (through `@citewise/web/scripts`).
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { allPriceKeys, lookupKey, stripeInterval, unitAmount, type PriceKey } from './server/prices';

const productName: Record<PriceKey['plan'], string> = { pro: 'Citewise Pro', team: 'Citewise Team' };
export const productId = (plan: PriceKey['plan']) => `prod_citewise_${plan}`;

/**
 * Creates what is missing and corrects what drifted, in an order that can be repeated: products have fixed ids,
 * a price whose amount, currency or interval changed is replaced by a new one that takes over its lookup key
 * (prices are immutable; existing subscribers keep the old price), and the old one is archived. Answers one
 * line per change; none when Stripe already matches.
 */
export async function syncCatalog(stripe: Stripe): Promise<string[]> {
  const changes: string[] = [];
  const keys = allPriceKeys();
  for (const plan of [...new Set(keys.map((key) => key.plan))]) {
    const id = productId(plan);
    const product = await stripe.products.retrieve(id).catch((error: { code?: string }) => {
      if (error.code === 'resource_missing') return null;
      throw error;
    });
    if (!product) {
      await stripe.products.create({ id, name: productName[plan], metadata: { plan } }, { idempotencyKey: `product:${id}` });
      changes.push(`created product ${id}`);
    } else if (product.name !== productName[plan] || !product.active) {
      await stripe.products.update(id, { name: productName[plan], active: true });
      changes.push(`updated product ${id}`);
    }
  }
  const existing = new Map<string, Stripe.Price>();
  for (let index = 0; index < keys.length; index += 10) {
    const batch = keys.slice(index, index + 10).map(lookupKey);
    const prices = await stripe.prices.list({ lookup_keys: batch, active: true, limit: 100 });
    for (const price of prices.data) if (price.lookup_key) existing.set(price.lookup_key, price);
  }
  for (const key of keys) {
    const name = lookupKey(key);
    const wanted = { product: productId(key.plan), currency: key.currency, unit_amount: unitAmount(key), interval: stripeInterval(key.interval) };
    const price = existing.get(name);
    const product = price && (typeof price.product === 'string' ? price.product : price.product.id);
    if (
      price &&
      price.active &&
      product === wanted.product &&
      price.currency === wanted.currency &&
      price.unit_amount === wanted.unit_amount &&
      price.recurring?.interval === wanted.interval &&
      price.recurring.interval_count === 1
    ) {
      continue;
    }
    // Keyed by what is replaced too: the same desired price may have to be created again after someone moved its key.
    const digest = createHash('sha256')
      .update(JSON.stringify({ name, ...wanted, replaces: price?.id ?? null }))
      .digest('hex')
      .slice(0, 32);
    const created = await stripe.prices.create(
      {
        product: wanted.product,
        currency: wanted.currency,
        unit_amount: wanted.unit_amount,
        recurring: { interval: wanted.interval, interval_count: 1 },
        lookup_key: name,
        transfer_lookup_key: true,
        metadata: { plan: key.plan, interval: key.interval },
      },
      { idempotencyKey: `price-sync:${digest}` },
    );
    changes.push(`${price ? 'replaced' : 'created'} price ${name} (${created.id}: ${wanted.unit_amount} ${wanted.currency}/${wanted.interval})`);
    if (price && price.id !== created.id) {
      await stripe.prices.update(price.id, { active: false });
      changes.push(`archived price ${price.id}`);
    }
  }
  return changes;
}
