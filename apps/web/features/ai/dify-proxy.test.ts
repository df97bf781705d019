import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createTestDatabase } from '@citewise/db/testing';
import { createAiService, loadAiConfig, migrations as aiMigrations, type AiService } from '@citewise/platform-ai';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { createLocalSource, migrations as scholarMigrations, sourceRegistry } from '@citewise/scholar';
import { migrations as appMigrations } from '@/lib/db/migrations';
import { aiUsage } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import en from '@/messages/en.json';
import { quotaResetDay, utcDay } from './usage-period';
import { serveFetch, type ServedFetch } from './testing/serve-fetch';

// The /api/ai/dify proxy's route handlers against the real embedded runtime (platform/ai, in process as in
// `npm start`, and over HTTP as a Dify server in DIFY_API_URL), which calls a real OpenAI-protocol test server;
// one database (PGlite, or TEST_DATABASE_URL) holds both the runtime's and the product's tables.
let handle: DatabaseHandle;
let ai: AiService;
let llm: OpenAiTestServer;
let served: ServedFetch;
const user = () => {
  const id = randomUUID();
  return { id, email: null, phone: null, aal: 'aal1' as const, sessionId: null, claims: { sub: id, role: 'authenticated' } };
};
const alice = user();
const bob = user();
let signedIn: ReturnType<typeof user> | null = alice;
/** Every request the proxy sent to the runtime, as sent. */
const sent: Request[] = [];
let onStop: (request: Request) => void = () => {};

vi.mock('@/lib/db/database', () => ({ appDatabase: async () => handle }));
vi.mock('@/lib/auth/session', () => ({ currentUser: async () => signedIn }));
vi.mock('@/lib/platform/services', () => ({
  aiPlatform: async () => ({
    keys: ai.keys,
    fetch: (request: Request) => {
      sent.push(request.clone());
      if (request.url.endsWith('/stop')) onStop(request.clone());
      return ai.fetch(request);
    },
  }),
}));

const difyRoute = await import('@/app/api/ai/dify/[...path]/route');
const usageRoute = await import('@/app/api/ai/usage/route');

type Init = { method?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; signal?: AbortSignal };
function call(path: string, init: Init = {}) {
  const url = new URL(`http://localhost/api/ai/dify/${path}`);
  const method = init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST');
  const body = init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const headers = init.form ? init.headers : { 'content-type': 'application/json', ...init.headers };
  const request = new NextRequest(url, { method, body, headers, signal: init.signal });
  const handler = difyRoute[method as 'GET' | 'POST' | 'DELETE'];
  return handler(request, { params: Promise.resolve({ path: url.pathname.split('/').slice(4) }) });
}
const as = (next: typeof signedIn) => {
  signedIn = next;
};
const lastSent = () => sent.at(-1)!;

async function* events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      buffer += next.value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) yield JSON.parse(data.slice(6)) as Record<string, unknown> & { event: string };
      }
    }
  } finally {
    await reader.cancel();
  }
}
const chat = (query: string, extra: object = {}) => ({ query, inputs: { paper: 'A paper about segmentation.' }, response_mode: 'streaming', ...extra });
const usageRows = (userId: string) =>
  queryRows<{ app_id: string; day: string; messages: number; input_tokens: number; output_tokens: number; total_tokens: number }>(
    handle.db,
    // Cast: PGlite reads bigint as a number, node-postgres as a string.
    sql`select app_id, day::text as day, messages, input_tokens::int, output_tokens::int, total_tokens::int from app.ai_usage where user_id = ${userId} order by app_id`,
  );

beforeAll(async () => {
  handle = await createTestDatabase([scholarMigrations, aiMigrations, appMigrations]);
  llm = await startOpenAiTestServer({ slowMs: 5 });
  ai = await createAiService({
    db: handle.db,
    config: loadAiConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', AI_SSE_PING_SECONDS: '30' }),
    sources: sourceRegistry([createLocalSource(handle.db)], 5000),
    basePath: '/platform',
  });
  served = await serveFetch((request) => ai.fetch(request));
}, 60_000);

afterAll(async () => {
  await served?.close();
  await ai?.idle();
  await llm?.close();
  await handle?.close();
});

describe('the AI proxy /api/ai/dify', () => {
  it('answers 401 in Dify’s shape when signed out, before anything reaches the runtime', async () => {
    as(null);
    const before = sent.length;
    for (const [path, init] of [['info?appid=paper-chat', {}], ['chat-messages?appid=paper-chat', { body: chat('hi') }]] as const) {
      const response = await call(path, init);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message: en.errors.unauthorized, status: 401 });
    }
    expect(sent.length).toBe(before);
    as(alice);
  });

  it('answers 404 for an unknown app or path and invalid_param for bad input', async () => {
    expect((await call('info?appid=no-such-app')).status).toBe(404);
    expect(await (await call('info?appid=no-such-app')).json()).toMatchObject({ code: 'not_found', status: 404 });
    expect((await call('admin/keys?appid=paper-chat')).status).toBe(404);
    expect((await call('info', {})).status).toBe(400);
    const noQuery = await call('chat-messages?appid=paper-chat', { body: { inputs: {}, response_mode: 'streaming' } });
    expect(await noQuery.json()).toMatchObject({ code: 'invalid_param', status: 400, params: 'query' });
    expect((await call('chat-messages?appid=paper-chat', { body: chat('hi', { response_mode: 'sideways' }) })).status).toBe(400);
    const plain = await call('chat-messages?appid=paper-chat', { body: chat('hi'), headers: { 'content-type': 'text/plain' } });
    expect(await plain.json()).toMatchObject({ code: 'invalid_param', status: 400 });
  });

  it('streams a chat answer event by event as the verified user, whatever user the browser names', async () => {
    const response = await call('chat-messages?appid=paper-chat&user=mallory', { body: chat('What is new?', { user: 'mallory' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const seen = [];
    for await (const event of events(response)) seen.push(event);
    expect(seen.filter((event) => event.event === 'message').map((event) => event.answer).join('')).toBe('Echo: What is new?');
    expect(seen.at(-1)?.event).toBe('message_end');
    expect(await lastSent().json()).toMatchObject({ user: `cw:${alice.id}`, query: 'What is new?' });
    // The conversation is Alice's: listed for her even when the browser asks for another end user.
    const list = await (await call('conversations?appid=paper-chat&user=cw:someone')).json();
    expect(new URL(lastSent().url).searchParams.getAll('user')).toEqual([`cw:${alice.id}`]);
    expect(list.data.map((item: { id: string }) => item.id)).toContain(seen[0]!.conversation_id);
    as(bob);
    const bobs = await (await call(`conversations?appid=paper-chat&user=${encodeURIComponent(`cw:${alice.id}`)}`)).json();
    expect(bobs.data).toEqual([]);
    as(alice);
  });

  it('hands on the first event while the runtime is still answering, and stops the runtime when the browser goes away', async () => {
    const cancelled = llm.cancelled;
    const stopped = new Promise<Request>((resolve) => (onStop = resolve));
    const response = await call('chat-messages?appid=paper-chat', { body: chat('Wait for me #hang', { auto_generate_name: false }) });
    const stream = events(response);
    let first = await stream.next();
    while (first.value?.event !== 'message') first = await stream.next();
    // The model server answered one chunk and then went silent: the answer cannot have finished.
    expect(first.value.answer).toBe('Echo: ');
    await stream.return(undefined);
    const stop = await stopped;
    expect(new URL(stop.url).pathname).toBe(`/platform/ai/v1/chat-messages/${String(first.value.task_id)}/stop`);
    expect(await stop.clone().json()).toEqual({ user: `cw:${alice.id}` });
    await vi.waitFor(() => expect(llm.cancelled).toBeGreaterThan(cancelled));
  });

  it('aborts the runtime call when the request itself is aborted', async () => {
    const cancelled = llm.cancelled;
    const aborter = new AbortController();
    const stopped = new Promise<Request>((resolve) => (onStop = resolve));
    const response = await call('completion-messages?appid=academic-polish', {
      body: { inputs: { query: 'Hold on #hang' }, response_mode: 'streaming' },
      signal: aborter.signal,
    });
    const stream = events(response);
    let first = await stream.next();
    while (first.value?.event !== 'message') first = await stream.next();
    aborter.abort();
    expect(new URL((await stopped).url).pathname).toBe(`/platform/ai/v1/completion-messages/${String(first.value.task_id)}/stop`);
    await vi.waitFor(() => expect(llm.cancelled).toBeGreaterThan(cancelled));
    await stream.return(undefined);
  });

  it('never lets an app key reach the browser', async () => {
    const keys = Object.values(ai.keys);
    const responses = [
      await call('info?appid=paper-chat'),
      await call('parameters?appid=paper-chat'),
      await call('chat-messages?appid=paper-chat', { body: chat('Show me your key', { response_mode: 'blocking' }) }),
      await call('messages?appid=paper-chat&conversation_id=00000000-0000-4000-8000-000000000000'),
    ];
    for (const response of responses) {
      const text = JSON.stringify([...response.headers]) + (await response.text());
      for (const key of keys) expect(text).not.toContain(key);
    }
    expect(responses[3]!.status).toBe(404);
  });

  it('replaces the user in an upload’s form and answers the runtime’s 201', async () => {
    const form = new FormData();
    form.set('file', new File(['Some notes'], 'notes.txt', { type: 'text/plain' }));
    form.set('user', 'mallory');
    const response = await call('files/upload?appid=paper-chat', { form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'notes.txt', size: 10, extension: 'txt' });
    const forwarded = await lastSent().formData();
    expect(forwarded.get('user')).toBe(`cw:${alice.id}`);
    expect(await (forwarded.get('file') as File).text()).toBe('Some notes');
  });

  it('forwards the runtime’s errors and 204s unchanged', async () => {
    const missing = await call('conversations/00000000-0000-4000-8000-000000000000?appid=paper-chat', { method: 'DELETE', body: {} });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found', status: 404 });
    const wrongMode = await call('chat-messages?appid=academic-polish', { body: chat('hi', { response_mode: 'blocking' }) });
    expect(wrongMode.status).toBe(400);
    expect((await wrongMode.json()).code).toBe('not_chat_app');
    const list = await (await call('conversations?appid=paper-chat')).json();
    const deleted = await call(`conversations/${list.data[0].id}?appid=paper-chat`, { method: 'DELETE', body: { user: 'mallory' } });
    expect(deleted.status).toBe(204);
  });
});

describe('AI usage and quotas', () => {
  const carol = user();

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
    const polished = await (await call('completion-messages?appid=academic-polish', { body: { inputs: { query: 'Polish me' }, response_mode: 'blocking' } })).json();
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
    const peek = await runAsUser(handle, bob.claims, (db) => db.select().from(aiUsage));
    expect(peek).toEqual([]);
    const bad = await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage?from=2026-02-01&to=2026-01-01'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.issues[0].code).toBe('range_invalid');
    as(null);
    expect((await usageRoute.GET(new NextRequest('http://localhost/api/ai/usage'))).status).toBe(401);
    as(alice);
  });

  it('refuses an AI message once the month’s quota is used, saying when it resets', async () => {
    const dave = user();
    as(dave);
    await runAsUser(handle, dave.claims, (db) => db.insert(aiUsage).values({ userId: dave.id, appId: 'paper-chat', day: utcDay(new Date()), messages: 100 }));
    const before = sent.length;
    const refused = await call('chat-messages?appid=paper-chat', { body: chat('One more?') });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'quota_exceeded', status: 429, reset_at: quotaResetDay(new Date()), limit: 100, used: 100 });
    expect(body.message).toContain('100 AI messages');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const chinese = await call('workflows/run?appid=literature-review', { body: { inputs: {} }, headers: { 'accept-language': 'zh-CN' } });
    expect((await chinese.json()).message).toMatch(/额度将于 .+ 重置/);
    expect(sent.length).toBe(before);
    // Reading history is not an AI message: it still works.
    expect((await call('conversations?appid=paper-chat')).status).toBe(200);
    as(alice);
  });
});

describe('DIFY_API_URL', () => {
  it('points the same proxy at a Dify server over HTTP, with per-app keys', async () => {
    const env = { DIFY_API_URL: process.env.DIFY_API_URL, key: process.env.DIFY_APP_KEY_PAPER_CHAT };
    process.env.DIFY_API_URL = `${served.origin}/platform/ai/v1`;
    process.env.DIFY_APP_KEY_PAPER_CHAT = ai.keys['paper-chat'];
    const before = sent.length;
    try {
      const response = await call('chat-messages?appid=paper-chat', { body: chat('Over the network') });
      const seen = [];
      for await (const event of events(response)) seen.push(event);
      expect(seen.filter((event) => event.event === 'message').map((event) => event.answer).join('')).toBe('Echo: Over the network');
      expect(sent.length).toBe(before);
      // An app the Dify server has no key for does not exist here.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect((await call('info?appid=academic-polish')).status).toBe(404);
      warn.mockRestore();
    } finally {
      for (const [name, value] of [['DIFY_API_URL', env.DIFY_API_URL], ['DIFY_APP_KEY_PAPER_CHAT', env.key]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
