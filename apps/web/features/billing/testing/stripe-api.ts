// The REST endpoints of Stripe's API that the billing code and the official SDK call, answered from the fake
// Stripe's state (fake-stripe.ts): customers, products, prices, Checkout and Billing Portal sessions, subscriptions.
import { bool, int, invalid, list, mergeMetadata, missing, newId, StripeFailure, type Obj, type Params } from './stripe-wire';

/** What the endpoints read and change of the fake Stripe (the FakeStripe class). */
export type StripeState = {
  readonly customers: Map<string, Obj>;
  readonly products: Map<string, Obj>;
  readonly prices: Map<string, Obj>;
  readonly sessions: Map<string, Obj>;
  readonly subscriptions: Map<string, Obj>;
  readonly url: string;
  now(): number;
  store(map: Map<string, Obj>, object: Obj): Obj;
  get(map: Map<string, Obj>, kind: string, id: string): Obj;
  updateSubscription(id: string, p: Params): Promise<Obj>;
  endSubscription(id: string, reason: string): Promise<Obj>;
};

/** Answers one API request (`POST /v1/customers`) with the object Stripe would send, or throws a StripeFailure. */
export async function answerStripeRequest(stripe: StripeState, method: string, path: string, p: Params): Promise<unknown> {
  const route = `${method} ${path.replace(/\/(cus|prod|price|cs|sub|evt)_[\w]+/g, (_, prefix: string) => `/${prefix}_:id`)}`;
  const id = path.split('/').pop() ?? '';
  switch (route) {
    case 'POST /v1/customers':
      return stripe.store(stripe.customers, {
        id: newId('cus'),
        object: 'customer',
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: mergeMetadata({}, p.metadata),
      });
    case 'GET /v1/customers/cus_:id':
      return stripe.get(stripe.customers, 'customer', id);
    case 'POST /v1/products': {
      const productId = String(p.id ?? newId('prod'));
      if (stripe.products.has(productId)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
      return stripe.store(stripe.products, {
        id: productId,
        object: 'product',
        name: p.name,
        active: p.active === undefined ? true : bool(p.active),
        description: p.description ?? null,
        metadata: mergeMetadata({}, p.metadata),
      });
    }
    case 'GET /v1/products/prod_:id':
      return stripe.get(stripe.products, 'product', id);
    case 'POST /v1/products/prod_:id': {
      const product = stripe.get(stripe.products, 'product', id);
      if (p.name !== undefined) product.name = p.name;
      if (p.active !== undefined) product.active = bool(p.active);
      product.metadata = mergeMetadata(product.metadata as Record<string, string>, p.metadata);
      return product;
    }
    case 'GET /v1/prices': {
      const keys = list(p.lookup_keys).map(String);
      const data = [...stripe.prices.values()].filter(
        (price) =>
          (keys.length === 0 || keys.includes(String(price.lookup_key))) &&
          (p.active === undefined || price.active === bool(p.active)) &&
          (p.product === undefined || price.product === p.product),
      );
      const expandProduct = list(p.expand).includes('data.product');
      return {
        object: 'list',
        url: '/v1/prices',
        has_more: false,
        data: data.map((price) => (expandProduct ? { ...price, product: stripe.products.get(String(price.product)) } : price)),
      };
    }
    case 'POST /v1/prices': {
      const product = String(p.product ?? '');
      if (!stripe.products.has(product)) throw missing('product', product);
      const recurring = p.recurring as Params | undefined;
      const lookupKey = p.lookup_key === undefined ? null : String(p.lookup_key);
      if (lookupKey) {
        const holder = [...stripe.prices.values()].find((price) => price.lookup_key === lookupKey);
        if (holder && !bool(p.transfer_lookup_key)) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
        if (holder) holder.lookup_key = null;
      }
      const amount = int(p.unit_amount);
      return stripe.store(stripe.prices, {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: String(p.currency),
        unit_amount: amount,
        unit_amount_decimal: String(amount),
        lookup_key: lookupKey,
        product,
        type: recurring ? 'recurring' : 'one_time',
        billing_scheme: 'per_unit',
        recurring: recurring
          ? { interval: String(recurring.interval), interval_count: int(recurring.interval_count, 1), usage_type: 'licensed', meter: null }
          : null,
        metadata: mergeMetadata({}, p.metadata),
      });
    }
    case 'POST /v1/prices/price_:id': {
      const price = stripe.get(stripe.prices, 'price', id);
      if (p.active !== undefined) price.active = bool(p.active);
      price.metadata = mergeMetadata(price.metadata as Record<string, string>, p.metadata);
      return price;
    }
    case 'POST /v1/checkout/sessions': {
      if (p.mode !== 'subscription') throw invalid('This fake supports subscription mode only.', 'mode');
      const items = list(p.line_items) as Params[];
      if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
      for (const item of items) {
        const price = stripe.prices.get(String(item.price));
        if (!price) throw missing('price', String(item.price));
        if (price.type !== 'recurring') throw invalid('You must provide at least one recurring price in `subscription` mode.', 'line_items');
      }
      if (p.customer !== undefined && !stripe.customers.has(String(p.customer))) throw missing('customer', String(p.customer));
      const sessionId = newId('cs_test');
      return stripe.store(stripe.sessions, {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: p.customer ?? null,
        customer_email: p.customer_email ?? null,
        client_reference_id: p.client_reference_id ?? null,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        allow_promotion_codes: bool(p.allow_promotion_codes),
        locale: p.locale ?? null,
        line_items_params: items,
        subscription_data: p.subscription_data ?? {},
        metadata: mergeMetadata({}, p.metadata),
        subscription: null,
        invoice: null,
        expires_at: stripe.now() + 86_400,
        url: `${stripe.url}/checkout/${sessionId}`,
      });
    }
    case 'GET /v1/checkout/sessions/cs_test_:id':
    case 'GET /v1/checkout/sessions/cs_:id':
      return stripe.get(stripe.sessions, 'checkout.session', id);
    case 'GET /v1/subscriptions/sub_:id':
      return stripe.get(stripe.subscriptions, 'subscription', id);
    case 'POST /v1/subscriptions/sub_:id':
      return stripe.updateSubscription(id, p);
    case 'DELETE /v1/subscriptions/sub_:id':
      return stripe.endSubscription(id, 'cancellation_requested');
    case 'POST /v1/billing_portal/sessions': {
      const customer = String(p.customer ?? '');
      if (!stripe.customers.has(customer)) throw missing('customer', customer);
      const portalId = newId('bps');
      return {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: p.return_url,
        livemode: false,
        created: stripe.now(),
        url: `${stripe.url}/portal/${portalId}`,
      };
    }
    default:
      throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }
}
