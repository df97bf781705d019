// One call to one source under a deadline: its answer, or why there is none (error, timeout) as a status. Only
// the caller's own cancellation propagates as an exception: it means nobody wants the answer any more.
import { abortable } from '../sources/http/abortable';
import type { Source } from '../sources/source';
import { SourceError } from '../sources/source-error';
import type { SourceStatus } from './types';

export type SourceOutcome<T> = { ok: true; value: T; tookMs: number } | { ok: false; status: Exclude<SourceStatus, { state: 'ok' | 'disabled' }> };

export async function runSource<T>(
  source: Source,
  task: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<SourceOutcome<T>> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const started = performance.now();
  const tookMs = () => Math.round(performance.now() - started);
  try {
    // Raced against the signal: a source that cannot stop at once (a database query) must not hold the answer.
    const value = await abortable(
      Promise.resolve().then(() => task(signal)),
      signal,
    );
    return { ok: true, value, tookMs: tookMs() };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted)
      return {
        ok: false,
        status: { source: source.id, state: 'timeout', message: `${source.name} did not answer within ${options.timeoutMs} ms`, tookMs: tookMs() },
      };
    if (error instanceof SourceError) {
      return {
        ok: false,
        status: {
          source: source.id,
          state: 'error',
          code: error.code,
          message: error.message,
          status: error.status,
          retryAfterSeconds: error.retryAfterSeconds,
          tookMs: tookMs(),
        },
      };
    }
    // A bug in an adapter: reported for this source, never a crash of the whole search.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: { source: source.id, state: 'error', code: 'internal_error', message: `${source.name} failed: ${message}`, tookMs: tookMs() } };
  }
}
