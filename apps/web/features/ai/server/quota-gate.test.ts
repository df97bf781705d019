import { describe, expect, it } from 'vitest';
import type { AiQuota } from '@/features/entitlements/server/get-ai-quota';
import { quotaResetDay } from '@/features/entitlements/server/usage-period';
import { createQuotaGate } from './quota-gate';

// The gate's decisions, with a reader that counts its reads and answers a quota the test sets (the real reader is
// getAiQuota, one query, covered by ai-usage.test.ts through the proxy).
function setup(limit: number | 'unlimited', used: number) {
  const state = { used, limit, reads: 0 };
  const quota = (now: Date): AiQuota => ({
    planId: 'free',
    limit: state.limit,
    used: state.used,
    remaining: state.limit === 'unlimited' ? 'unlimited' : Math.max(0, state.limit - state.used),
    resetsOn: quotaResetDay(now),
  });
  const gate = createQuotaGate<{ sub: string }>(
    async (_claims, now) => {
      state.reads++;
      return quota(now);
    },
    { freshMs: 30_000, refreshAfterMs: 5_000, margin: 3, maxUsers: 2 },
  );
  return { state, gate };
}

const alice = { sub: 'alice' };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, 0, ms));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('quota gate', () => {
  it('reads a user it does not know, then admits on the remembered quota without reading', async () => {
    const { state, gate } = setup(100, 10);
    const first = await gate.admit(alice, at(0));
    expect(first.admitted && first.admission.quota?.remaining).toBe(90);
    expect(state.reads).toBe(1);
    const second = await gate.admit(alice, at(1000));
    expect(second.admitted && second.admission.quota).toBeNull();
    expect(state.reads).toBe(1);
  });

  it('reads again behind an admitted message once the memory is older than refreshAfterMs, and first once stale', async () => {
    const { state, gate } = setup(100, 10);
    await gate.admit(alice, at(0));
    await gate.admit(alice, at(6_000));
    await settled();
    expect(state.reads).toBe(2);
    // The background read is the new memory: a message on the next second needs no read.
    await gate.admit(alice, at(7_000));
    expect(state.reads).toBe(2);
    // Beyond freshMs of the last read, the message waits for a read.
    const late = await gate.admit(alice, at(40_000));
    expect(late.admitted && late.admission.quota).not.toBeNull();
  });

  it('near the limit every message reads the quota, and a used-up quota refuses', async () => {
    const { state, gate } = setup(10, 6);
    // 4 left, margin 3: the first read admits; with one answer running, 3 left is not more than the margin.
    const one = await gate.admit(alice, at(0));
    await gate.admit(alice, at(1));
    expect(state.reads).toBe(2);
    if (one.admitted) one.admission.settle(1);
    state.used = 10;
    const refused = await gate.admit(alice, at(2));
    expect(refused).toMatchObject({ admitted: false, quota: { remaining: 0, used: 10 } });
    expect(state.reads).toBe(3);
  });

  it('counts settled answers into the memory, so the margin is reached without another read', async () => {
    const { state, gate } = setup(10, 0);
    for (let i = 0; i < 6; i++) {
      const admitted = await gate.admit(alice, at(i));
      if (admitted.admitted) admitted.admission.settle(1);
    }
    // 6 used in memory, 4 left: more than the margin of 3 means one read only so far.
    expect(state.reads).toBe(1);
    await gate.admit(alice, at(10));
    expect(state.reads).toBe(1);
    // That one is still running: 3 left, so the next message reads first.
    await gate.admit(alice, at(11));
    expect(state.reads).toBe(2);
  });

  it('reads again in a new month, unlimited plans too', async () => {
    const { state, gate } = setup('unlimited', 5000);
    await gate.admit(alice, at(0));
    await gate.admit(alice, at(1));
    expect(state.reads).toBe(1);
    await gate.admit(alice, new Date(Date.UTC(2026, 11, 1, 0, 0, 1)));
    expect(state.reads).toBe(2);
  });

  it('forgets the least recently read users beyond maxUsers', async () => {
    const { state, gate } = setup(100, 0);
    await gate.admit({ sub: 'a' }, at(0));
    await gate.admit({ sub: 'b' }, at(0));
    await gate.admit({ sub: 'c' }, at(0));
    expect(state.reads).toBe(3);
    await gate.admit({ sub: 'a' }, at(1));
    expect(state.reads).toBe(4);
  });
});
