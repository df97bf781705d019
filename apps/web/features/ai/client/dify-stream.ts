import { createParser } from 'eventsource-parser';
import { AiError, aiErrorFromResponse, aiErrorKind, networkError } from './dify-error';
import type { DifyStreamEvent } from '@/features/ai/types';

export type DifyStreamOptions = {
  /** The app id of config/ai-apps.ts, sent as `?appid=`. */
  appId: string;
  /** The Dify path after `/v1/`, e.g. `chat-messages`. */
  path: string;
  /** The JSON body; `response_mode` is set to `streaming`. */
  body: Record<string, unknown>;
  /** Called for each event, in order, as it arrives. Unknown event types are passed on too. */
  onEvent: (event: DifyStreamEvent) => void;
  /** Aborting stops reading; the promise then resolves with `stopped: true`. */
  signal?: AbortSignal;
  locale?: string;
  /** Where the product runs; the page's own origin when absent (tests pass a local server's). */
  origin?: string;
};

export type DifyStreamResult = { stopped: boolean };

/**
 * POSTs to the product's AI proxy and reads the SSE answer with eventsource-parser (events may be split
 * anywhere across reads). Rejects with AiError: the proxy's or runtime's JSON error before the stream, an
 * `error` event during it (after that event was passed to onEvent), or `network` when the connection broke
 * before `message_end` / `workflow_finished`. Resolves when the stream ends normally or was aborted.
 */
export async function streamDify(options: DifyStreamOptions): Promise<DifyStreamResult> {
  const url = `${options.origin ?? ''}/api/ai/dify/${options.path}?appid=${encodeURIComponent(options.appId)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.locale ? { 'x-locale': options.locale } : {}) },
      body: JSON.stringify({ ...options.body, response_mode: 'streaming' }),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) return { stopped: true };
    throw networkError(error);
  }
  if (!response.ok) throw await aiErrorFromResponse(response);
  if (!response.body) throw networkError(new Error('empty body'));

  let failure: AiError | null = null;
  let finished = false;
  const parser = createParser({
    onEvent(message) {
      // Keep-alives (`event: ping` without data) and anything without JSON are not events of the protocol.
      if (failure || !message.data) return;
      let event: DifyStreamEvent;
      try {
        event = JSON.parse(message.data) as DifyStreamEvent;
      } catch {
        return;
      }
      if (typeof event.event !== 'string') return;
      options.onEvent(event);
      if (event.event === 'message_end' || event.event === 'workflow_finished') finished = true;
      if (event.event === 'error') {
        const code = event.code ?? 'completion_request_error';
        const status = event.status ?? 400;
        const kind = aiErrorKind(code, status);
        failure = new AiError(kind === 'other' ? 'model' : kind, code, event.message ?? '', status);
      }
    },
  });

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (failure) break;
    }
  } catch (error) {
    if (options.signal?.aborted) return { stopped: true };
    throw networkError(error);
  } finally {
    reader.cancel().catch(() => {});
  }
  if (failure) throw failure;
  if (options.signal?.aborted) return { stopped: true };
  if (!finished) throw networkError(new Error('the answer ended before message_end'));
  return { stopped: false };
}
