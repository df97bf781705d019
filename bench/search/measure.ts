// Runs operations with a fixed number in flight and reports throughput and latency percentiles.

export interface Measurement {
  rate: number;
  p50: number;
  p95: number;
}

export async function measure(ops: Array<() => Promise<unknown>>, concurrency: number): Promise<Measurement> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops.length) {
        const op = ops[next++]!;
        const t0 = performance.now();
        await op();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: ops.length / seconds, p50: pick(0.5), p95: pick(0.95) };
}
