// The fake Stripe's HTTP side: the API key, Idempotency-Key replays (a replay answers what the first request got; other
// parameters under the same key are refused), form-encoded bodies in, JSON out, Stripe's error bodies.
import type http from 'node:http';
import type { FakeStripe } from './fake-stripe';
import { answerStripeRequest } from './stripe-api';
import { newId, parseForm, StripeFailure } from './stripe-wire';

/** What each Idempotency-Key was first sent with and answered. */
export type Idempotency = Map<string, { params: string; body: unknown; status: number }>;

/** Answers one request to the fake Stripe. */
export async function serveStripeRequest(
  stripe: FakeStripe,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  { secretKey, idempotency }: { secretKey: string; idempotency: Idempotency },
) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = new URL(request.url ?? '/', 'http://fake');
  const method = request.method ?? 'GET';
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
    response.end(JSON.stringify(body));
  };
  stripe.requests.push(`${method} ${url.pathname}`);
  const auth = request.headers.authorization ?? '';
  if (auth !== `Bearer ${secretKey}`) {
    send(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${auth.slice(7, 15)}****` } });
    return;
  }
  const text = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
  const params = parseForm(text);
  const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
  if (typeof idempotencyKey === 'string' && !idempotencyKey.startsWith('stripe-node-retry-')) {
    const seen = idempotency.get(idempotencyKey);
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
    body = await answerStripeRequest(stripe, method, url.pathname, params);
  } catch (error) {
    if (!(error instanceof StripeFailure)) throw error;
    status = error.status;
    body = { error: error.body };
  }
  if (typeof idempotencyKey === 'string' && !idempotencyKey.startsWith('stripe-node-retry-')) idempotency.set(idempotencyKey, { params: text, body, status });
  send(status, body);
}
