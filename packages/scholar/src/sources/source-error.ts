// What went wrong with one source, in a closed set of codes that federated search reports per source.
import type { SourceId } from './source';

export type SourceErrorCode =
  /** HTTP 429, or a Retry-After from an earlier 429 that has not passed yet. */
  | 'rate_limited'
  /** HTTP 5xx: the provider is down or overloaded. */
  | 'unavailable'
  /** HTTP 400: the provider refused the query (its message says why). */
  | 'bad_request'
  /** HTTP 401/403: a missing or wrong API key, or a provider that blocks us. */
  | 'forbidden'
  /** HTTP 404 on a search route (lookups answer null instead). */
  | 'not_found'
  /** Any other unexpected HTTP status. */
  | 'http_error'
  /** The body is not the JSON or XML the provider documents (truncated, HTML error page, wrong shape). */
  | 'malformed_response'
  /** No answer at the network level: DNS, refused connection, reset. */
  | 'network_error'
  /** The source is misconfigured (e.g. an invalid base URL) or hit a bug. */
  | 'internal_error';

export class SourceError extends Error {
  readonly code: SourceErrorCode;
  readonly source: SourceId;
  readonly status?: number;
  /** Seconds the provider asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(source: SourceId, code: SourceErrorCode, message: string, extra: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: extra.cause });
    this.name = 'SourceError';
    this.source = source;
    this.code = code;
    this.status = extra.status;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}
