import 'server-only';
import type { SessionUser } from '@/lib/auth/session';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import type { AiUpstream } from './ai-upstream';
import { stopPath, type DifyEndpoint } from './dify-endpoints';
import { DifyProxyError } from './dify-error';
import { difyUser } from './dify-user';
import { admitAiMessage } from './admit-ai-message';
import { meteredBody } from './metered-body';
import { UploadForm } from './upload-form';

export type DifyCall = {
  endpoint: DifyEndpoint;
  /** The `:id` of the path (task, conversation or message id), already checked. */
  id: string | null;
  appId: string;
  upstream: AiUpstream;
  user: SessionUser;
  locale: Locale;
  /** Checked JSON body, an upload streaming in, or the query string of a GET. */
  input: Record<string, unknown> | UploadForm | URLSearchParams;
  /** Aborts when the browser goes away. */
  signal: AbortSignal;
  /**
   * performance.now() when the request reached the proxy, the time the session took (verified claims and the check
   * that it has not ended), and the second part alone.
   */
  startedAt: number;
  sessionMs: number;
  checkMs: number;
};

export { difyUser } from './dify-user';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform keeps Next's compression (and any proxy honouring it) from buffering the stream.
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/** Forwards one call to the app's runtime as the signed-in user, and answers what the runtime answered. */
export async function proxyDifyRequest(call: DifyCall): Promise<Response> {
  const { endpoint, upstream, user } = call;
  const endUser = difyUser(user.id);
  const quotaStart = performance.now();
  const admission = endpoint.metered ? await admitAiMessage(user.claims, call.appId, call.locale) : null;
  const quotaMs = performance.now() - quotaStart;

  const path = endpoint.upstream.replace(':id', encodeURIComponent(call.id ?? ''));
  const url = new URL(`${upstream.baseUrl}/${path}`);
  const headers = new Headers({ authorization: `Bearer ${upstream.key}` });
  let body: BodyInit | undefined;
  if (call.input instanceof URLSearchParams) {
    const userParam = endpoint.userParam ?? 'user';
    for (const [name, value] of call.input) {
      if (name !== 'appid' && name !== 'user' && name !== userParam && name !== endpoint.languageParam) url.searchParams.append(name, value);
    }
    url.searchParams.set(userParam, endUser);
    if (endpoint.languageParam) url.searchParams.set(endpoint.languageParam, call.locale);
  } else if (call.input instanceof UploadForm) {
    headers.set('content-type', call.input.contentType);
    body = call.input.body(endUser);
  } else {
    headers.set('content-type', 'application/json');
    body = JSON.stringify({ ...call.input, user: endUser });
  }

  const aborter = new AbortController();
  const abort = () => aborter.abort();
  call.signal.addEventListener('abort', abort, { once: true });
  // What the proxy adds before the runtime sees the request (session, quota, rewriting), for Server-Timing.
  const ownMs = performance.now() - call.startedAt;
  let response: Response;
  try {
    // duplex: an upload's body is a stream, sent while it arrives.
    response = await upstream.fetch(new Request(url, { method: endpoint.method, headers, body, signal: aborter.signal, duplex: 'half' } as RequestInit));
  } catch (error) {
    call.signal.removeEventListener('abort', abort);
    await admission?.release();
    if (call.input instanceof UploadForm && call.input.refusal) throw call.input.refusal;
    if (call.signal.aborted) throw new DifyProxyError(499, 'client_closed_request', 'The browser went away');
    throw new DifyProxyError(503, 'ai_unavailable', translator(call.locale, 'errors')('ai_unavailable'), { cause: error });
  }
  // An upload cut off on its way (too large, malformed) is answered for what it was, whatever the runtime made of the rest.
  if (call.input instanceof UploadForm && call.input.refusal) {
    call.signal.removeEventListener('abort', abort);
    await admission?.release();
    await response.body?.cancel();
    throw call.input.refusal;
  }

  const streaming = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const outHeaders = new Headers(streaming ? SSE_HEADERS : { 'cache-control': 'no-store' });
  outHeaders.set(
    'server-timing',
    `session;dur=${call.sessionMs.toFixed(2)}, check;desc="session not ended";dur=${call.checkMs.toFixed(2)}, quota;dur=${quotaMs.toFixed(2)}, proxy;desc="before the AI runtime";dur=${ownMs.toFixed(2)}`,
  );
  const type = response.headers.get('content-type');
  if (type && !streaming) outHeaders.set('content-type', type);
  if (!response.body || response.status === 204) {
    call.signal.removeEventListener('abort', abort);
    await admission?.release();
    return new Response(null, { status: response.status, headers: outHeaders });
  }
  const metered = endpoint.metered;
  if (!metered || !admission || !response.ok) {
    await admission?.release();
    return new Response(response.body, { status: response.status, headers: outHeaders });
  }

  call.signal.removeEventListener('abort', abort);
  const out = meteredBody(response.body, streaming, call.signal, async (answer, cutOff) => {
    if (cutOff) {
      aborter.abort();
      // Dify keeps generating after a closed connection; only stop ends it (and keeps the partial answer).
      if (answer.taskId) void stopTask(upstream, stopPath[metered](answer.taskId), endUser);
    }
    // What was generated counts (a stopped answer's part too); an answer that failed, or ended before its first
    // token, releases its hold and counts nothing.
    await admission.settle(answer.figures);
  });
  return new Response(out, { status: response.status, headers: outHeaders });
}

async function stopTask(upstream: AiUpstream, path: string, endUser: string): Promise<void> {
  try {
    const response = await upstream.fetch(
      new Request(`${upstream.baseUrl}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${upstream.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: endUser }),
      }),
    );
    await response.body?.cancel();
  } catch (error) {
    console.warn('[ai] stopping an abandoned answer failed', error);
  }
}
