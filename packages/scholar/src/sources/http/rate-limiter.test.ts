// The request budget, on a fake clock: no request starts before its slot, and at most `concurrency` run at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter';
import { parseRetryAfter } from './retry-after';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const never = new AbortController().signal;

describe('rate limiter', () => {
  it('starts one request per interval for a 1-per-3-seconds budget (arXiv)', async () => {
    const limiter = createRateLimiter({ limit: 1, interval: 3000, concurrency: 1 });
    const started: number[] = [];
    const runs = [1, 2, 3].map((n) => limiter.run(async () => started.push(n), never));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([1]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(started).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toEqual([1, 2, 3]);
    await Promise.all(runs);
  });

  it('keeps at most `concurrency` tasks in flight', async () => {
    const limiter = createRateLimiter({ limit: 100, interval: 1000, concurrency: 2 });
    let inFlight = 0;
    let most = 0;
    const task = () =>
      limiter.run(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inFlight--;
      }, never);
    const all = Promise.all([task(), task(), task(), task(), task()]);
    await vi.advanceTimersByTimeAsync(500);
    await all;
    expect(most).toBe(2);
  });

  it('lets a queued caller leave when its signal aborts', async () => {
    const limiter = createRateLimiter({ limit: 1, interval: 10_000 });
    await limiter.run(async () => undefined, never);
    const controller = new AbortController();
    const ran = vi.fn();
    const waiting = limiter.run(async () => ran(), controller.signal).catch((e: unknown) => e);
    controller.abort(new Error('cancelled'));
    expect(((await waiting) as Error).message).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).not.toHaveBeenCalled();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
