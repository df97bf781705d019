// Reading SSE answers for the AI bench: the time until the first event that satisfies a test, and whole streams.

export type SseEvent = Record<string, unknown>;

/** Calls `onEvent` for every `data:` event of the body as it arrives (JSON only; `[DONE]` and pings skipped). */
export async function readEvents(response: Response, onEvent: (event: SseEvent) => boolean | void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      buffer += next.value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data:'));
        buffer = buffer.slice(end + 2);
        const text = data?.slice(5).trim();
        if (!text || text === '[DONE]') continue;
        // `true` from the callback means it has seen enough.
        if (onEvent(JSON.parse(text) as SseEvent) === true) return;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Milliseconds from sending `request()` until the first event `isToken` accepts. The answer is read to its end, so
 * the next sample does not start while this one is still being finished (or stopped) on the server.
 */
export async function timeToFirstToken(request: () => Promise<Response>, isToken: (event: SseEvent) => boolean): Promise<number> {
  const start = performance.now();
  const response = await request();
  if (!response.ok) throw new Error(`answered ${response.status}: ${await response.text()}`);
  let at: number | null = null;
  await readEvents(response, (event) => {
    if (at === null && isToken(event)) at = performance.now();
  });
  if (at === null) throw new Error('the stream ended without a token');
  return at - start;
}

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: pick(0.5), p90: pick(0.9), p99: pick(0.99) };
}
