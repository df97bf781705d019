import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimitStore, type RateLimitStore } from './rate-limit';
import { testRedis } from '@citewise/db/testing';

const { url: redisUrl, up: redisUp } = await testRedis('the rate limit tests');

function behaves(name: string, make: () => RateLimitStore) {
  describe(name, () => {
    const store = make();
    afterAll(() => store.close());

    it('lets the allowed number through, then refuses with the wait', async () => {
      const limit = { name: `test-${randomUUID()}`, points: 3, durationSeconds: 60 };
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.consume(limit, '203.0.113.7'));
      expect(results.slice(0, 3)).toEqual([
        { ok: true, remaining: 2 },
        { ok: true, remaining: 1 },
        { ok: true, remaining: 0 },
      ]);
      const refused = results[3]!;
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.retryAfterSeconds).toBeGreaterThan(0);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
    });

    it('counts keys and limits separately', async () => {
      const a = { name: `test-${randomUUID()}`, points: 1, durationSeconds: 60 };
      const b = { ...a, name: `test-${randomUUID()}` };
      expect((await store.consume(a, 'one')).ok).toBe(true);
      expect((await store.consume(a, 'one')).ok).toBe(false);
      expect((await store.consume(a, 'two')).ok).toBe(true);
      expect((await store.consume(b, 'one')).ok).toBe(true);
    });

    it('refuses everything when a limit allows nothing', async () => {
      expect(await store.consume({ name: `test-${randomUUID()}`, points: 0, durationSeconds: 30 }, 'x')).toEqual({
        ok: false,
        retryAfterSeconds: 30,
      });
    });
  });
}

behaves('in-process rate limits', () => createRateLimitStore());

describe.runIf(redisUp)('with Redis', () => {
  behaves('Redis rate limits', () => createRateLimitStore({ redisUrl }));

  it('shares one budget between instances', async () => {
    const first = createRateLimitStore({ redisUrl });
    const second = createRateLimitStore({ redisUrl });
    try {
      const limit = { name: `test-${randomUUID()}`, points: 2, durationSeconds: 60 };
      expect((await first.consume(limit, 'shared')).ok).toBe(true);
      expect((await second.consume(limit, 'shared')).ok).toBe(true);
      expect((await first.consume(limit, 'shared')).ok).toBe(false);
      expect((await second.consume(limit, 'shared')).ok).toBe(false);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('falls back to in-process counting when Redis is unreachable', async () => {
    const store = createRateLimitStore({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const limit = { name: `test-${randomUUID()}`, points: 1, durationSeconds: 60 };
      expect((await store.consume(limit, 'k')).ok).toBe(true);
      expect((await store.consume(limit, 'k')).ok).toBe(false);
    } finally {
      await store.close();
    }
  });
});
