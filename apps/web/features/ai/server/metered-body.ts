import 'server-only';
import { createUsageMeter, type MeteredAnswer } from './usage-meter';

/**
 * The runtime's answer for the browser, chunk for chunk as it arrives: each chunk is handed on before the meter
 * looks at it, and nothing is read ahead of what the browser asks for (high-water mark 0), so the proxy neither
 * buffers nor re-chunks. `onEnd` runs once: after the last chunk (awaited, so the usage is written when the
 * browser sees the end), or when the browser goes away or the runtime breaks off (`cutOff`).
 */
export function meteredBody(
  body: ReadableStream<Uint8Array>,
  streaming: boolean,
  /** Aborts when the browser goes away, which may be noticed here before the body is cancelled. */
  signal: AbortSignal,
  onEnd: (answer: MeteredAnswer, cutOff: boolean) => Promise<void>,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const meter = createUsageMeter(streaming);
  let ended = false;
  const end = (cutOff: boolean) => {
    if (ended) return Promise.resolve();
    ended = true;
    signal.removeEventListener('abort', gone);
    return onEnd(meter.finish(), cutOff).catch((error: unknown) => console.error('[ai] metering failed', error));
  };
  const gone = () => {
    void end(true);
    reader.cancel(signal.reason).catch(() => {});
  };
  if (signal.aborted) gone();
  else signal.addEventListener('abort', gone, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          void end(true);
          controller.error(error);
          return;
        }
        if (result.done) {
          await end(false);
          controller.close();
          return;
        }
        controller.enqueue(result.value);
        meter.observe(result.value);
      },
      cancel(reason) {
        void end(true);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
