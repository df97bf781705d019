// One run, two answers: a Server-Sent Events stream (`data: {…}` per event, `event: ping` after silence), or a
// blocking JSON body built from the same events. Errors thrown by the run become Dify's `error` event mid-stream,
// and an ordinary JSON error in blocking mode.
import { DifyError } from '../errors';

export type DifyEvent = Record<string, unknown> & { event: string };

export interface Run {
  /** The events in order; the generator's return value is the blocking answer. */
  events: AsyncGenerator<DifyEvent, Record<string, unknown>>;
  /** Cancels the model call (client disconnect). */
  controller: AbortController;
  /** Fields the `error` event carries besides status/code/message (task_id, message_id, …). */
  errorFields: () => Record<string, unknown>;
  /** Always runs once the run ends, however it ends. */
  cleanup: () => void;
}

const encoder = new TextEncoder();

export function internalError(error: unknown): DifyError {
  if (error instanceof DifyError) return error;
  console.error('[ai] unexpected failure:', error);
  return new DifyError(500, 'internal_server_error', 'The server encountered an internal error.');
}

export function streamResponse(run: Run, pingSeconds: number): Response {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const ping = () => {
        if (closed) return;
        controller.enqueue(encoder.encode('event: ping\n\n'));
        timer = setTimeout(ping, pingSeconds * 1000);
      };
      const send = (event: DifyEvent) => {
        clearTimeout(timer);
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        timer = setTimeout(ping, pingSeconds * 1000);
      };
      // Dify often opens with a ping too: it flushes the headers through proxies before the first answer.
      ping();
      void (async () => {
        try {
          for (;;) {
            const next = await run.events.next();
            if (next.done || closed) break;
            send(next.value);
          }
        } catch (error) {
          const failure = internalError(error);
          if (!closed) send({ event: 'error', ...run.errorFields(), status: failure.status, code: failure.code, message: failure.message });
        } finally {
          clearTimeout(timer);
          run.cleanup();
          if (!closed) {
            closed = true;
            controller.close();
          }
        }
      })();
    },
    cancel() {
      // The caller went away: stop the model, let the run save what it has.
      closed = true;
      clearTimeout(timer);
      run.controller.abort(new Error('client disconnected'));
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' },
  });
}

/** `signal`: the caller's request; when it goes away the model call is cancelled, as for a stream. */
export async function blockingResponse(run: Run, signal?: AbortSignal): Promise<Response> {
  const onAbort = () => run.controller.abort(new Error('client disconnected'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const next = await run.events.next();
      if (next.done) return Response.json(next.value);
    }
  } catch (error) {
    const failure = internalError(error);
    return Response.json(failure.toJSON(), { status: failure.status });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    run.cleanup();
  }
}
