/**
 * How a failed AI call reaches the pages: Dify's `{ code, message, status }` (from the proxy or the runtime)
 * reduced to the few cases a researcher can act on. `message` is the server's text in the page's language.
 */
export type AiErrorKind =
  /** No model is configured on this installation (`provider_not_initialize`). */
  | 'no_model'
  /** The plan's AI messages are used up; `resetAt` (YYYY-MM-DD) says when they come back. */
  | 'quota'
  /** The model failed (`completion_request_error`, an `error` event in the stream, a model refusal). */
  | 'model'
  /** No answer, or the connection broke while the answer streamed. */
  | 'network'
  /** Signed out meanwhile. */
  | 'unauthorized'
  /** Anything else (validation, not found, runtime down). */
  | 'other';

/** What an error says beyond its code, for the page to word it: the attached file it is about, and how far it was read. */
export type AiErrorDetail = { file?: string; pagesRead?: number };

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    readonly code: string,
    message: string,
    readonly status: number,
    readonly resetAt?: string,
    readonly detail: AiErrorDetail = {},
  ) {
    super(message);
    this.name = 'AiError';
  }
}

const MODEL_CODES = new Set(['completion_request_error', 'provider_quota_exceeded', 'model_currently_not_support', 'workflow_request_error']);

export function aiErrorKind(code: string, status: number): AiErrorKind {
  if (code === 'provider_not_initialize') return 'no_model';
  if (code === 'quota_exceeded' || status === 429) return 'quota';
  if (MODEL_CODES.has(code)) return 'model';
  if (status === 401) return 'unauthorized';
  return 'other';
}

/** Turns a non-2xx answer into an AiError, whatever its body. */
export async function aiErrorFromResponse(response: Response): Promise<AiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy in between, an HTML error page): the status alone decides.
  }
  const code = typeof body.code === 'string' ? body.code : 'internal_server_error';
  const message = typeof body.message === 'string' ? body.message : response.statusText;
  const resetAt = typeof body.reset_at === 'string' ? body.reset_at : undefined;
  const detail: AiErrorDetail = {};
  if (typeof body.file === 'string') detail.file = body.file;
  if (typeof body.pages_read === 'number' && Number.isInteger(body.pages_read) && body.pages_read >= 0) detail.pagesRead = body.pages_read;
  return new AiError(aiErrorKind(code, response.status), code, message, response.status, resetAt, detail);
}

export function networkError(cause: unknown): AiError {
  return new AiError('network', 'network_error', cause instanceof Error ? cause.message : 'network error', 0);
}
