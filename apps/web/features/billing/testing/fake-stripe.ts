// A small stateful stand-in for the parts of Stripe's API the billing code and the official SDK use, started by
// tests on 127.0.0.1 (point the SDK at it with STRIPE_API_URL). It speaks Stripe's wire format: form-encoded
// bodies with bracket keys, JSON answers, `{ error }` bodies with Stripe's status codes, Idempotency-Key
// replays, and signed webhook events (Stripe-Signature, HMAC-SHA256 of `t.body` with the whsec_ secret).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown> & { id: string };
type Params = Record<string, unknown>;

/** Sends one signed event somewhere (the app's webhook route); answers the HTTP status it got. */
export type Deliver = (body: string, signature: string) => Promise<number>;

export type FakeStripeOptions = { secretKey?: string; webhookSecret: string; deliver: Deliver; apiVersion?: string };

export type FakeEvent = { id: string; type: string; created: number; body: string; status: number | null };

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string) =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });
const invalid = (message: string, param?: string, code?: string) => new StripeFailure(400, { type: 'invalid_request_error', message, param, code });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x&a[b][1]=y` into `{ a: { b: ['x', 'y'] } }`; `a[]=x` and repeated keys become arrays too. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (last) {
        if (key in node && part !== '' && !/^\d+$/.test(key)) node[key] = ([] as unknown[]).concat(node[key], value);
        else node[key] = value;
      } else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return arrays(root) as Params;
}

/** Objects whose keys are 0..n-1 are arrays (the SDK sends `lookup_keys[0]=…`). */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const bool = (value: unknown) => value === 'true' || value === true;
const int = (value: unknown, fallback = 0) => (value === undefined || value === '' ? fallback : Number.parseInt(String(value), 10));

function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  const next = { ...current };
  for (const [key, value] of Object.entries((update as Record<string, string> | undefined) ?? {})) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly events: FakeEvent[] = [];
  /** Every API request, for assertions (`POST /v1/customers`). */
  readonly requests: string[] = [];
  private readonly idempotency = new Map<string, { params: string; body: unknown; status: number }>();
  private server?: http.Server;
  /** Seconds added to the clock (renewals move time forward). */
  clockOffset = 0;
  url = '';

  constructor(private readonly options: FakeStripeOptions) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => void this.serve(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async serve(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      response.end(JSON.stringify(body));
    };
    this.requests.push(`${method} ${url.pathname}`);
    const auth = request.headers.authorization ?? '';
    const key = this.options.secretKey ?? 'sk_test_fake';
    if (auth !== `Bearer ${key}`) {
      send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${auth.slice(7, 15)}****` } });
      return;
    }
    const text = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
    const params = parseForm(text);
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    if (typeof idempotencyKey === 'string' && !idempotencyKey.startsWith('stripe-node-retry-')) {
      const seen = this.idempotency.get(idempotencyKey);
      if (seen) {
        if (seen.params !== text) {
          send(400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        } else send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
        return;
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = await this.dispatch(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (typeof idempotencyKey === 'string' && !idempotencyKey.startsWith('stripe-node-retry-')) this.idempotency.set(idempotencyKey, { params: text, body, status });
    send(status, body);
  }

  private async dispatch(method: string, path: string, p: Params): Promise<unknown> {
    const route = `${method} ${path.replace(/\/(cus|prod|price|cs|sub|evt)_[\w]+/g, (_, prefix: string) => `/${prefix}_:id`)}`;
    const id = path.split('/').pop() ?? '';
    switch (route) {
      case 'POST /v1/customers':
        return this.store(this.customers, { id: newId('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: mergeMetadata({}, p.metadata) });
      case 'GET /v1/customers/cus_:id':
        return this.get(this.customers, 'customer', id);
      case 'POST /v1/products': {
        const productId = String(p.id ?? newId('prod'));
        if (this.products.has(productId)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
        return this.store(this.products, { id: productId, object: 'product', name: p.name, active: p.active === undefined ? true : bool(p.active), description: p.description ?? null, metadata: mergeMetadata({}, p.metadata) });
      }
      case 'GET /v1/products/prod_:id':
        return this.get(this.products, 'product', id);
      case 'POST /v1/products/prod_:id': {
        const product = this.get(this.products, 'product', id);
        if (p.name !== undefined) product.name = p.name;
        if (p.active !== undefined) product.active = bool(p.active);
        product.metadata = mergeMetadata(product.metadata as Record<string, string>, p.metadata);
        return product;
      }
      case 'GET /v1/prices': {
        const keys = list(p.lookup_keys).map(String);
        const data = [...this.prices.values()].filter(
          (price) =>
            (keys.length === 0 || keys.includes(String(price.lookup_key))) &&
            (p.active === undefined || price.active === bool(p.active)) &&
            (p.product === undefined || price.product === p.product),
        );
        const expandProduct = list(p.expand).includes('data.product');
        return { object: 'list', url: '/v1/prices', has_more: false, data: data.map((price) => (expandProduct ? { ...price, product: this.products.get(String(price.product)) } : price)) };
      }
      case 'POST /v1/prices': {
        const product = String(p.product ?? '');
        if (!this.products.has(product)) throw missing('product', product);
        const recurring = p.recurring as Params | undefined;
        const lookupKey = p.lookup_key === undefined ? null : String(p.lookup_key);
        if (lookupKey) {
          const holder = [...this.prices.values()].find((price) => price.lookup_key === lookupKey);
          if (holder && !bool(p.transfer_lookup_key)) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
          if (holder) holder.lookup_key = null;
        }
        const amount = int(p.unit_amount);
        return this.store(this.prices, {
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
          recurring: recurring ? { interval: String(recurring.interval), interval_count: int(recurring.interval_count, 1), usage_type: 'licensed', meter: null } : null,
          metadata: mergeMetadata({}, p.metadata),
        });
      }
      case 'POST /v1/prices/price_:id': {
        const price = this.get(this.prices, 'price', id);
        if (p.active !== undefined) price.active = bool(p.active);
        price.metadata = mergeMetadata(price.metadata as Record<string, string>, p.metadata);
        return price;
      }
      case 'POST /v1/checkout/sessions': {
        if (p.mode !== 'subscription') throw invalid('This fake supports subscription mode only.', 'mode');
        const items = list(p.line_items) as Params[];
        if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
        for (const item of items) {
          const price = this.prices.get(String(item.price));
          if (!price) throw missing('price', String(item.price));
          if (price.type !== 'recurring') throw invalid('You must provide at least one recurring price in `subscription` mode.', 'line_items');
        }
        if (p.customer !== undefined && !this.customers.has(String(p.customer))) throw missing('customer', String(p.customer));
        const sessionId = newId('cs_test');
        return this.store(this.sessions, {
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
          expires_at: this.now() + 86_400,
          url: `${this.url}/checkout/${sessionId}`,
        });
      }
      case 'GET /v1/checkout/sessions/cs_test_:id':
      case 'GET /v1/checkout/sessions/cs_:id':
        return this.get(this.sessions, 'checkout.session', id);
      case 'GET /v1/subscriptions/sub_:id':
        return this.get(this.subscriptions, 'subscription', id);
      case 'POST /v1/subscriptions/sub_:id':
        return this.updateSubscription(id, p);
      case 'DELETE /v1/subscriptions/sub_:id':
        return this.endSubscription(id, 'cancellation_requested');
      case 'POST /v1/billing_portal/sessions': {
        const customer = String(p.customer ?? '');
        if (!this.customers.has(customer)) throw missing('customer', customer);
        const portalId = newId('bps');
        return { id: portalId, object: 'billing_portal.session', customer, return_url: p.return_url, livemode: false, created: this.now(), url: `${this.url}/portal/${portalId}` };
      }
      default:
        throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  private store(map: Map<string, Obj>, object: Obj): Obj {
    const full = { created: this.now(), livemode: false, metadata: {}, ...object };
    map.set(object.id, full);
    return full;
  }

  private get(map: Map<string, Obj>, kind: string, id: string): Obj {
    const object = map.get(id);
    if (!object) throw missing(kind, id);
    return object;
  }

  private periodSeconds(price: Obj): number {
    return (price.recurring as { interval: string }).interval === 'year' ? 365 * 86_400 : 30 * 86_400;
  }

  private item(subscription: Obj) {
    return (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
  }

  private snapshot(object: Obj): Obj {
    return structuredClone(object);
  }

  // ---- what a customer or Stripe itself does (test controls) ----

  /** The customer pays the Checkout Session: a subscription, a paid (or declined) first invoice, and Stripe's events. */
  async completeCheckout(sessionId: string, options: { decline?: boolean; order?: string[] } = {}): Promise<Obj> {
    const session = this.get(this.sessions, 'checkout.session', sessionId);
    let customer = session.customer as string | null;
    if (!customer) customer = this.store(this.customers, { id: newId('cus'), object: 'customer', email: session.customer_email, metadata: {} }).id;
    const [line] = session.line_items_params as Params[];
    const price = this.prices.get(String(line!.price))!;
    const start = this.now();
    const subscriptionData = session.subscription_data as { metadata?: Record<string, string> };
    const subscription = this.store(this.subscriptions, {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_end: null,
      metadata: mergeMetadata({}, subscriptionData.metadata),
      items: {
        object: 'list',
        data: [{ id: newId('si'), object: 'subscription_item', quantity: int(line!.quantity, 1), current_period_start: start, current_period_end: start + this.periodSeconds(price), price }],
      },
    });
    const created = this.snapshot(subscription);
    const invoice = this.invoice(subscription, options.decline ? 'open' : 'paid', 'subscription_create');
    const events: Array<[string, Obj, Record<string, unknown>?]> = [['customer.subscription.created', created]];
    if (options.decline) {
      events.push(['invoice.payment_failed', invoice]);
    } else {
      subscription.status = 'active';
      events.push(['invoice.paid', invoice], ['customer.subscription.updated', this.snapshot(subscription), { status: 'incomplete' }]);
    }
    Object.assign(session, { status: 'complete', payment_status: options.decline ? 'unpaid' : 'paid', customer, subscription: subscription.id, invoice: invoice.id });
    events.push(['checkout.session.completed', this.snapshot(session)]);
    const ordered = options.order ? options.order.map((type) => events.find(([t]) => t === type)!).filter(Boolean) : events;
    for (const [type, object, previous] of ordered) await this.emit(type, object, previous);
    return subscription;
  }

  /** A renewal: time moves one period on and the invoice is paid, or fails (the subscription goes `past_due`). */
  async renew(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<void> {
    const subscription = this.get(this.subscriptions, 'subscription', subscriptionId);
    const item = this.item(subscription);
    const length = (item.current_period_end as number) - (item.current_period_start as number);
    this.clockOffset += Math.max(0, (item.current_period_end as number) - this.now()) + 1;
    item.current_period_start = item.current_period_end;
    item.current_period_end = (item.current_period_end as number) + length;
    const previous = subscription.status;
    const invoice = this.invoice(subscription, outcome === 'paid' ? 'paid' : 'open', 'subscription_cycle');
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    await this.emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    await this.emit('customer.subscription.updated', this.snapshot(subscription), { status: previous });
  }

  /** Stripe retries an open invoice and the payment goes through: `past_due` back to `active`. */
  async recover(subscriptionId: string): Promise<void> {
    const subscription = this.get(this.subscriptions, 'subscription', subscriptionId);
    const open = [...this.invoices.values()].find((invoice) => invoice.status === 'open' && invoice.subscription_id === subscriptionId);
    if (open) Object.assign(open, { status: 'paid', amount_paid: open.amount_due, amount_remaining: 0 });
    this.clockOffset += 1;
    subscription.status = 'active';
    if (open) await this.emit('invoice.paid', this.snapshot(open));
    await this.emit('customer.subscription.updated', this.snapshot(subscription), { status: 'past_due' });
  }

  /** The period ends on a subscription set to cancel then. */
  async endPeriod(subscriptionId: string): Promise<Obj> {
    return this.endSubscription(subscriptionId, 'cancellation_requested');
  }

  /** Sends an event again, as Stripe does when it is not sure it was delivered. */
  async redeliver(eventId: string): Promise<number> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    return this.options.deliver(event.body, this.sign(event.body));
  }

  sign(body: string, timestamp = this.now()): string {
    const signature = createHmac('sha256', this.options.webhookSecret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  private async updateSubscription(id: string, p: Params): Promise<Obj> {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Record<string, unknown> = {};
    if (p.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = bool(p.cancel_at_period_end);
      subscription.canceled_at = subscription.cancel_at_period_end ? this.now() : null;
    }
    for (const change of list(p.items) as Params[]) {
      const item = this.item(subscription);
      if (change.id !== undefined && change.id !== item.id) throw missing('subscription_item', String(change.id));
      previous.items = { object: 'list', data: [structuredClone(item)] };
      if (change.price !== undefined) {
        const price = this.prices.get(String(change.price));
        if (!price) throw missing('price', String(change.price));
        item.price = price;
      }
      if (change.quantity !== undefined) item.quantity = int(change.quantity, 1);
    }
    subscription.metadata = mergeMetadata(subscription.metadata as Record<string, string>, p.metadata);
    this.clockOffset += 1;
    await this.emit('customer.subscription.updated', this.snapshot(subscription), previous);
    return subscription;
  }

  private async endSubscription(id: string, reason: string): Promise<Obj> {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    this.clockOffset += 1;
    Object.assign(subscription, { status: 'canceled', ended_at: this.now(), canceled_at: subscription.canceled_at ?? this.now(), cancellation_details: { reason } });
    await this.emit('customer.subscription.deleted', this.snapshot(subscription));
    return subscription;
  }

  private invoice(subscription: Obj, status: 'paid' | 'open', reason: string): Obj {
    const item = this.item(subscription);
    const price = item.price as Obj;
    const amount = (price.unit_amount as number) * (item.quantity as number);
    return this.store(this.invoices, {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      subscription_id: subscription.id,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      currency: price.currency,
      attempt_count: 1,
      hosted_invoice_url: `${this.url}/invoice/${subscription.id}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: newId('il'), object: 'line_item', amount, currency: price.currency, quantity: item.quantity, period: { start: item.current_period_start, end: item.current_period_end } }],
      },
    });
  }

  /** Builds, signs and delivers one event; remembers it with the status the app answered. */
  async emit(type: string, object: Obj, previous?: Record<string, unknown>): Promise<FakeEvent> {
    const envelope = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion ?? '2026-10-28.endive',
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: previous ? { object, previous_attributes: previous } : { object },
    };
    const body = JSON.stringify(envelope);
    const event: FakeEvent = { id: envelope.id, type, created: envelope.created, body, status: null };
    this.events.push(event);
    event.status = await this.options.deliver(body, this.sign(body));
    return event;
  }
}
