import { isErrorCode, type ErrorBody, type ErrorCode, type ErrorIssue } from '@/lib/errors';

/** A failed product API call, in the API's own vocabulary. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly issues: ErrorIssue[] = [],
    readonly retryAfter?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/**
 * Calls the product API in the page's language. Answers that are not successes become ApiError with the
 * API's code; no answer at all (offline, connection reset) becomes `network_error`.
 */
export async function apiFetch<T>(path: string, options: { method?: string; body?: unknown; locale: string; signal?: AbortSignal }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', 'x-locale': options.locale },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    throw new ApiError('network_error', 0);
  }
  const body = (await response.json().catch(() => null)) as (ErrorBody & T) | null;
  if (response.ok && body) return body as T;
  const code = body?.error && isErrorCode(body.error.code) ? body.error.code : response.status >= 500 ? 'internal_error' : 'bad_request';
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  throw new ApiError(code, response.status, body?.error?.issues ?? [], retryAfter);
}
