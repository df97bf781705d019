// A small stateful stand-in for the parts of Stripe's API the billing code and the official SDK use, started by
// tests on 127.0.0.1 (point the SDK at it with STRIPE_API_URL). It speaks Stripe's wire format: form-encoded
// bodies with bracket keys, JSON answers, `{ error }` bodies with Stripe's status codes, Idempotency-Key
// replays, and signed webhook events (Stripe-Signature, HMAC-SHA256 of `t.body` with the whsec_ secret).
// Its state and the test controls (what a customer or Stripe itself does) are here; the endpoints are in
// stripe-api.ts, the wire format in stripe-wire.ts.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveStripeRequest, type Idempotency } from './stripe-http';
import { bool, int, invalid, list, mergeMetadata, missing, newId, type Obj, type Params } from './stripe-wire';

/** Sends one signed event somewhere (the app's webhook route); answers the HTTP status it got. */
export type Deliver = (body: string, signature: string) => Promise<number>;

export type FakeStripeOptions = { secretKey?: string; webhookSecret: string; deliver: Deliver; apiVersion?: string };

export type FakeEvent = { id: string; type: string; created: number; body: string; status: number | null };

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
  private readonly idempotency: Idempotency = new Map();
  private server?: http.Server;
  /** Seconds added to the clock (renewals move time forward). */
  clockOffset = 0;
  url = '';

  constructor(private readonly options: FakeStripeOptions) {}

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async start(): Promise<string> {
    const secretKey = this.options.secretKey ?? 'sk_test_fake';
    this.server = http.createServer((request, response) => void serveStripeRequest(this, request, response, { secretKey, idempotency: this.idempotency }));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Keeps a new object (the endpoints of stripe-api.ts and the test controls). */
  store(map: Map<string, Obj>, object: Obj): Obj {
    const full = { created: this.now(), livemode: false, metadata: {}, ...object };
    map.set(object.id, full);
    return full;
  }

  get(map: Map<string, Obj>, kind: string, id: string): Obj {
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
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            quantity: int(line!.quantity, 1),
            current_period_start: start,
            current_period_end: start + this.periodSeconds(price),
            price,
          },
        ],
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
    Object.assign(session, {
      status: 'complete',
      payment_status: options.decline ? 'unpaid' : 'paid',
      customer,
      subscription: subscription.id,
      invoice: invoice.id,
    });
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

  async updateSubscription(id: string, p: Params): Promise<Obj> {
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

  async endSubscription(id: string, reason: string): Promise<Obj> {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    this.clockOffset += 1;
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: this.now(),
      canceled_at: subscription.canceled_at ?? this.now(),
      cancellation_details: { reason },
    });
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
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            quantity: item.quantity,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
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
