// The one HTTP path of every online source: rate limit, cancellation, Retry-After, and the mapping of HTTP
// failures onto SourceError codes. Uses the global fetch, so it runs against any server speaking the
// provider's protocol (the real one, a mirror, or the replay server of the tests).
import type { SourceId } from '../source';
import { SourceError } from '../source-error';
import { createRateLimiter, type RateLimit } from './rate-limiter';
import { parseRetryAfter } from './retry-after';
import { describeErrorBody } from './error-body';

export interface HttpClientOptions {
  source: SourceId;
  baseUrl: string;
  rateLimit: RateLimit;
  headers?: Record<string, string>;
  /** Bodies longer than this are refused as malformed (default 20 MB). */
  maxBodyBytes?: number;
  /** The longest Retry-After honoured, in seconds (default 600). */
  maxRetryAfterSeconds?: number;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  /** Path below the base URL, starting with `/`, already percent-encoded where needed. */
  path: string;
  query?: Record<string, QueryValue>;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Statuses answered to the caller instead of thrown (e.g. 404 for a lookup). */
  allow?: number[];
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpClient {
  url(path: string, query?: Record<string, QueryValue>): URL;
  request(request: HttpRequest): Promise<HttpResponse>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const limiter = createRateLimiter(options.rateLimit);
  const maxBody = options.maxBodyBytes ?? 20_000_000;
  let blockedUntil = 0;
  const fail = (code: ConstructorParameters<typeof SourceError>[1], message: string, extra?: ConstructorParameters<typeof SourceError>[3]) =>
    new SourceError(options.source, code, message, extra);

  function url(path: string, query: Record<string, QueryValue> = {}) {
    const target = new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') target.searchParams.set(key, String(value));
    }
    return target;
  }

  async function send(request: HttpRequest): Promise<Response> {
    try {
      return await fetch(url(request.path, request.query), {
        method: request.method ?? 'GET',
        body: request.body,
        headers: { ...options.headers, ...request.headers },
        signal: request.signal,
        redirect: 'follow',
      });
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw fail('network_error', `could not reach ${base.host}${cause}`, { cause: error });
    }
  }

  async function readBody(response: Response, signal: AbortSignal): Promise<string> {
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBody) throw fail('malformed_response', `response of ${declared} bytes is larger than ${maxBody}`);
    try {
      const text = await response.text();
      if (text.length > maxBody) throw fail('malformed_response', `response is larger than ${maxBody} bytes`);
      return text;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof SourceError) throw error;
      throw fail('network_error', 'the connection broke while reading the response', { cause: error });
    }
  }

  /** The SourceError for a non-2xx answer; a 429 or 503 with Retry-After also blocks calls until it has passed. */
  function statusError(response: Response, text: string): SourceError {
    const status = response.status;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    const wait = retryAfter === undefined ? undefined : Math.min(retryAfter, options.maxRetryAfterSeconds ?? 600);
    if (wait !== undefined && (status === 429 || status === 503)) blockedUntil = Date.now() + wait * 1000;
    const detail = describeErrorBody(text);
    const message = `HTTP ${status} from ${options.source}${status === 429 && wait !== undefined ? `; retry after ${wait} s` : ''}${detail ? `: ${detail}` : ''}`;
    const code =
      status === 429
        ? 'rate_limited'
        : status >= 500
          ? 'unavailable'
          : status === 400 || status === 422
            ? 'bad_request'
            : status === 401 || status === 403
              ? 'forbidden'
              : status === 404
                ? 'not_found'
                : 'http_error';
    return fail(code, message, { status, retryAfterSeconds: wait });
  }

  async function request(request: HttpRequest): Promise<HttpResponse> {
    const wait = Math.ceil((blockedUntil - Date.now()) / 1000);
    if (wait > 0) throw fail('rate_limited', `rate limited by ${options.source}; retry after ${wait} s`, { status: 429, retryAfterSeconds: wait });
    return limiter.run(async () => {
      const response = await send(request);
      const text = await readBody(response, request.signal);
      if (response.ok || request.allow?.includes(response.status)) return { status: response.status, headers: response.headers, text };
      throw statusError(response, text);
    }, request.signal);
  }

  return { url, request };
}

/** Parses a JSON body, turning anything unreadable into a `malformed_response` of that source. */
export function parseJsonBody(source: SourceId, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceError(source, 'malformed_response', `${source} answered with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** Percent-encodes an identifier for a URL path, keeping `/` and `:` readable (DOIs, `doi:` prefixes). */
export const encodePath = (value: string) => encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':');
