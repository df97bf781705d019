import { FetchError, ofetch, type FetchContext, type FetchResponse } from 'ofetch';
import { isErrorCode, type ErrorBody, type ErrorCode, type ErrorIssue, type LimitDetail } from '@/lib/errors';

/** A failed product API call, in the API's own vocabulary. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly issues: ErrorIssue[] = [],
    readonly retryAfter?: number,
    /** With `plan_limit_reached`: which limit, the usage, when it resets and where to upgrade. */
    readonly limit?: LimitDetail,
    /** The server's message in the page's language (it knows the usage and dates the code alone does not). */
    readonly serverMessage?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** docs/product.md §9: a request that got no answer at all is tried again up to this many times. */
export const NETWORK_RETRIES = 3;
/** docs/product.md §7: answers worth one more try of a non-mutating request (ofetch's own list). */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type ApiRequestOptions = {
  method?: string;
  body?: unknown;
  locale: string;
  signal?: AbortSignal;
  /** `blob` keeps a file's bytes as they are (a JSON export would otherwise be parsed). */
  responseType?: 'json' | 'blob';
};

/**
 * How often a request may be repeated, decided per failure: ofetch does the repeating, but counts network
 * failures and answers alike, while docs/product.md §7 gives them different budgets. Each failure's hook sets how many
 * more tries ofetch may make for it (an abort is never retried by ofetch).
 */
function retryPolicy(method: string) {
  let network = NETWORK_RETRIES;
  let answers = MUTATING.has(method) ? 0 : 1;
  return {
    retry: 0,
    retryStatusCodes: RETRY_STATUSES,
    onRequestError(context: FetchContext) {
      context.options.retry = network-- > 0 ? 1 : 0;
    },
    onResponseError(context: FetchContext) {
      context.options.retry = answers-- > 0 ? 1 : 0;
    },
  };
}

/**
 * Calls the product API in the page's language and answers the raw response (its parsed body in `_data`).
 * Answers that are not successes become ApiError with the API's code; no answer at all (offline, connection
 * reset) becomes `network_error`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions): Promise<FetchResponse<T>> {
  const method = (options.method ?? (options.body === undefined ? 'GET' : 'POST')).toUpperCase();
  try {
    // T names what was asked for: a Blob with `responseType: 'blob'`, the JSON body otherwise.
    return (await ofetch.raw<T, 'json' | 'blob'>(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-locale': options.locale },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
      ...(options.responseType ? { responseType: options.responseType } : {}),
      ...retryPolicy(method),
    })) as FetchResponse<T>;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** {@link apiRequest}, answering the parsed JSON body. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const response = await apiRequest<T>(path, options);
  // A success must carry a body; anything else is not an answer the product API gives.
  if (response._data === undefined || response._data === null) throw new ApiError('bad_request', response.status);
  return response._data;
}

async function toApiError(error: unknown): Promise<unknown> {
  if (!(error instanceof FetchError)) return error;
  const response = error.response;
  if (!response) {
    // The caller gave up (navigation, a newer query): that is not a failure to report as offline.
    if (error.cause instanceof Error && error.cause.name === 'AbortError') return error.cause;
    return new ApiError('network_error', 0);
  }
  const data: unknown = error.data instanceof Blob ? await error.data.text().then(parseJson) : error.data;
  const body = (typeof data === 'object' ? data : null) as Partial<ErrorBody> | null;
  const code = body?.error && isErrorCode(body.error.code) ? body.error.code : response.status >= 500 ? 'internal_error' : 'bad_request';
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  return new ApiError(code, response.status, body?.error?.issues ?? [], retryAfter, body?.error?.limit, body?.error?.message);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
