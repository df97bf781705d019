// A provider's published request budget: at most `limit` requests per `interval` ms (p-throttle) and at most
// `concurrency` in flight. A caller whose signal aborts while queued leaves the queue at once.
import pThrottle from 'p-throttle';
import { abortable } from './abortable';

export interface RateLimit {
  limit: number;
  interval: number;
  /** Requests in flight at once; unlimited when omitted. */
  concurrency?: number;
}

export interface RateLimiter {
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
}

export function createRateLimiter({ limit, interval, concurrency = Infinity }: RateLimit): RateLimiter {
  const slot = pThrottle({ limit, interval })(async () => undefined);
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    active--;
    waiting.shift()?.();
  };

  async function acquire(signal: AbortSignal) {
    if (active < concurrency) {
      active++;
      return;
    }
    let turn!: () => void;
    const granted = new Promise<void>((resolve) => (turn = resolve));
    const ticket = () => {
      active++;
      turn();
    };
    waiting.push(ticket);
    try {
      await abortable(granted, signal);
    } catch (error) {
      const index = waiting.indexOf(ticket);
      // Still queued: leave the queue. Already granted in the same tick: hand the place on.
      if (index >= 0) waiting.splice(index, 1);
      else release();
      throw error;
    }
  }

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        await abortable(slot(), signal);
        return await task();
      } finally {
        release();
      }
    },
  };
}
