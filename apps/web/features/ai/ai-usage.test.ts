import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { aiUsage } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { quotaResetDay, utcDay } from '@/features/entitlements/server/usage-period';
import { call, chat, events, h, startHarness, stopHarness, testUser, usageRows } from './testing/proxy-harness';

// Quotas and metering of /api/ai/dify/*, and GET /api/ai/usage, against the real embedded runtime
// (testing/proxy-harness.ts).
// Generous: the first call loads the route's module graph, and CI machines are shared. Nothing here is timed.
vi.setConfig({ testTimeout: 30_000 });
vi.mock('@/lib/db/database', async () => ({ appDatabase: async () => (await import('./testing/proxy-harness')).h.handle }));
vi.mock('@/lib/auth/session', async () => ({ currentUser: async () => (await import('./testing/proxy-harness')).h.signedIn }));
vi.mock('@/lib/platform/services', async () => ({ aiPlatform: async () => (await import('./testing/proxy-harness')).runtime() }));

const usageRoute = await import('@/app/api/ai/usage/route');
const { admitAiMessage } = await import('./server/admit-ai-message');
const bob = testUser();
const as = (next: typeof h.signedIn) => {
  h.signedIn = next;
};

beforeAll(startHarness, 60_000);
afterAll(stopHarness);

describe('AI usage and quotas', () => {
  const carol = testUser();

  it('meters streamed and blocking answers per app and day, from the runtime’s usage', async () => {
    as(carol);
    const streamed = await call('chat-messages?appid=paper-chat', { body: chat('Count my tokens') });
    const seen = [];
    for await (const event of events(streamed)) seen.push(event);
    const usage = (seen.at(-1)!.metadata as { usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } }).usage;
    expect(usage.total_tokens).toBeGreaterThan(0);
    const blocking = await (await call('chat-messages?appid=paper-chat', { body: chat('Count again', { response_mode: 'blocking' }) })).json();
    expect(blocking.answer).toBe('Echo: Count again');
    const both = [usage, blocking.metadata.usage as typeof usage];
    const sum = (field: keyof typeof usage) => both.reduce((total, figures) => total + figures[field], 0);
    expect(await usageRows(carol.id)).toEqual([
      {
        app_id: 'paper-chat',
        day: utcDay(new Date()),
        messages: 2,
        input_tokens: sum('prompt_tokens'),
        output_tokens: sum('completion_tokens'),
        total_tokens: sum('total_tokens'),
      },
    ]);
    const polished = await (
      await call('completion-messages?appid=academic-polish', { body: { inputs: { query: 'Polish me' }, response_mode: 'blocking' } })
    ).json();
    expect(polished.answer).toBe('Echo: Polish me');
    const run = await call('workflows/run?appid=literature-review', { body: { inputs: { topic: 'word segmentation' }, response_mode: 'streaming' } });
    const runEvents = [];
    for await (const event of events(run)) runEvents.push(event);
    const finished = runEvents.find((event) => event.event === 'workflow_finished')!.data as { total_tokens: number };
    expect((await usageRows(carol.id)).slice(0, 2)).toEqual([
      {
        app_id: 'academic-polish',
        day: utcDay(new Date()),
        messages: 1,
        input_tokens: polished.metadata.usage.prompt_tokens,
        output_tokens: polished.metadata.usage.completion_tokens,
        total_tokens: polished.metadata.usage.total_tokens,
      },
      { app_id: 'literature-review', day: utcDay(new Date()), messages: 1, input_tokens: 0, output_tokens: 0, total_tokens: finished.total_tokens },
    ]);
    // A failed answer is no message: the model server refused before streaming.
    const failed = await call('chat-messages?appid=paper-chat', { body: chat('Fail #status=503', { response_mode: 'blocking' }) });
    expect(failed.status).toBe(400);
    expect((await usageRows(carol.id)).reduce((sum, row) => sum + row.messages, 0)).toBe(4);
  });

  it('reports the user’s own usage and quota only (Row Level Security)', async () => {
    as(carol);
    const own = await (await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage'))).json();
    expect(own.totals.messages).toBe(4);
    expect(own.days.map((day: { appId: string }) => day.appId)).toEqual(['academic-polish', 'literature-review', 'paper-chat']);
    expect(own.quota).toEqual({ planId: 'free', limit: 100, used: 4, remaining: 96, resetsOn: quotaResetDay(new Date()) });
    as(bob);
    const bobs = await (await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage'))).json();
    expect(bobs.days).toEqual([]);
    const peek = await runAsUser(h.handle, bob.claims, (db) => db.select().from(aiUsage));
    expect(peek).toEqual([]);
    const bad = await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage?from=2026-02-01&to=2026-01-01'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.issues[0].code).toBe('range_invalid');
    as(null);
    expect((await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage'))).status).toBe(401);
    as(null);
  });

  it('refuses an AI message once the month’s quota is used, saying when it resets', async () => {
    const dave = testUser();
    as(dave);
    await runAsUser(h.handle, dave.claims, (db) => db.insert(aiUsage).values({ userId: dave.id, appId: 'paper-chat', day: utcDay(new Date()), messages: 100 }));
    const before = h.sent.length;
    const refused = await call('chat-messages?appid=paper-chat', { body: chat('One more?') });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'quota_exceeded', status: 429, reset_at: quotaResetDay(new Date()), limit: 100, used: 100 });
    expect(body.message).toContain('100 AI messages');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const chinese = await call('workflows/run?appid=literature-review', { body: { inputs: {} }, headers: { 'accept-language': 'zh-CN' } });
    expect((await chinese.json()).message).toMatch(/额度将于 .+ 重置/);
    expect(h.sent.length).toBe(before);
    // Reading history is not an AI message: it still works.
    expect((await call('conversations?appid=paper-chat')).status).toBe(200);
    as(null);
  });

  it('near the limit every message is checked: the last ones are answered, the one after is refused', async () => {
    const erin = testUser();
    as(erin);
    await runAsUser(h.handle, erin.claims, (db) => db.insert(aiUsage).values({ userId: erin.id, appId: 'paper-chat', day: utcDay(new Date()), messages: 97 }));
    for (const n of [1, 2, 3]) {
      const answered = await call('chat-messages?appid=paper-chat', { body: chat(`Message ${n}`, { response_mode: 'blocking' }) });
      expect(answered.status).toBe(200);
      await answered.json();
    }
    const refused = await call('chat-messages?appid=paper-chat', { body: chat('One too many', { response_mode: 'blocking' }) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'quota_exceeded', used: 100 });
    as(null);
  });

  const holds = async (userId: string) =>
    (await queryRows<{ n: number }>(h.handle.db, sql`select count(*)::int as n from app.ai_message_reservations where user_id = ${userId}`))[0]!.n;
  const used = async (userId: string) => (await usageRows(userId)).reduce((sum, row) => sum + row.messages, 0);
  const startAt = (user: ReturnType<typeof testUser>, messages: number) =>
    runAsUser(h.handle, user.claims, (db) => db.insert(aiUsage).values({ userId: user.id, appId: 'paper-chat', day: utcDay(new Date()), messages }));

  it('admits parallel messages only while they fit: at 98 of 100, 12 at once give exactly 2 holds', async () => {
    const frank = testUser();
    await startAt(frank, 98);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => admitAiMessage(frank.claims, 'paper-chat', 'en')));
    const admitted = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(admitted).toHaveLength(2);
    expect(results.filter((result) => result.status === 'rejected' && (result.reason as { code?: string }).code === 'quota_exceeded')).toHaveLength(10);
    expect(await holds(frank.id)).toBe(2);
    // One answer ends, the other fails: the month counts 99, and one message fits again.
    await admitted[0]!.settle({ messages: 1, inputTokens: 10, outputTokens: 2, totalTokens: 12 });
    await admitted[1]!.release();
    expect(await holds(frank.id)).toBe(0);
    expect(await used(frank.id)).toBe(99);
    const again = await Promise.allSettled(Array.from({ length: 4 }, () => admitAiMessage(frank.claims, 'paper-chat', 'en')));
    expect(again.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('through the proxy, 12 parallel messages at 98 of 100 give 2 answers and 10 refusals, and count 100', async () => {
    const gina = testUser();
    as(gina);
    await startAt(gina, 98);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) => call('chat-messages?appid=paper-chat', { body: chat(`Parallel ${n}`, { response_mode: 'blocking' }) })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(2).fill(200), ...Array(10).fill(429)]);
    await Promise.all(responses.map((response) => response.text()));
    expect(await used(gina.id)).toBe(100);
    expect(await holds(gina.id)).toBe(0);
    as(null);
  });

  it('a failed answer and one stopped before its first token give their hold back', async () => {
    const hana = testUser();
    as(hana);
    await startAt(hana, 99);
    const failed = await call('chat-messages?appid=paper-chat', { body: chat('Fail #status=503', { response_mode: 'blocking' }) });
    expect(failed.status).toBe(400);
    await failed.text();
    expect(await holds(hana.id)).toBe(0);
    const browser = new AbortController();
    const muted = call('chat-messages?appid=paper-chat', { body: chat('Wait #mute', { auto_generate_name: false }), signal: browser.signal });
    // The last message of the month is held while its answer has not begun: another one is refused meanwhile.
    await vi.waitFor(async () => expect(await holds(hana.id)).toBe(1));
    expect((await call('chat-messages?appid=paper-chat', { body: chat('Meanwhile', { response_mode: 'blocking' }) })).status).toBe(429);
    browser.abort();
    await muted.then((response) => response.body?.cancel()).catch(() => {});
    await vi.waitFor(async () => expect(await holds(hana.id)).toBe(0));
    expect(await used(hana.id)).toBe(99);
    const last = await call('chat-messages?appid=paper-chat', { body: chat('The last one', { response_mode: 'blocking' }) });
    expect(last.status).toBe(200);
    await last.json();
    expect(await used(hana.id)).toBe(100);
    as(null);
  });
});
