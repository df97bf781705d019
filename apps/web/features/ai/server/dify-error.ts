import 'server-only';

type Options = { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown };

/**
 * A refusal by the proxy itself (signed out, unknown app, quota, bad input, runtime unreachable), answered in
 * Dify's own error shape `{ code, message, status }` so the AI pages read one shape whoever said no.
 */
export class DifyProxyError extends Error {
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: Options = {},
  ) {
    super(message, { cause: options.cause });
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export function difyErrorResponse(error: DifyProxyError): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...error.headers };
  // What a Dify server sends with its 401s (docs/protocols/dify.md §1.3).
  if (error.status === 401) headers['www-authenticate'] = 'Bearer realm="api"';
  return Response.json({ code: error.code, message: error.message, status: error.status, ...error.extra }, { status: error.status, headers });
}
