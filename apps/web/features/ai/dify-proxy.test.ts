import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, chat, events, h, startHarness, stopHarness, testUser } from './testing/proxy-harness';
import { en, zh } from '@/messages';

// /api/ai/dify/* against the real embedded runtime, in process as in `npm start` and over HTTP as a Dify server in
// DIFY_API_URL (testing/proxy-harness.ts).
// Generous: the first call loads the route's module graph, and CI machines are shared. Nothing here is timed.
vi.setConfig({ testTimeout: 30_000 });
vi.mock('@/lib/db/database', async () => ({ appDatabase: async () => (await import('./testing/proxy-harness')).h.handle }));
vi.mock('@/lib/auth/session', async () => ({ currentUser: async () => (await import('./testing/proxy-harness')).h.signedIn }));
vi.mock('@/lib/platform/services', async () => ({ aiPlatform: async () => (await import('./testing/proxy-harness')).runtime() }));

const alice = testUser();
const bob = testUser();
const as = (next: typeof h.signedIn) => {
  h.signedIn = next;
};
const lastSent = () => h.sent.at(-1)!;

beforeAll(async () => {
  await startHarness();
  as(alice);
}, 60_000);

afterAll(stopHarness);

describe('the AI proxy /api/ai/dify', () => {
  it('answers 401 in Dify’s shape when signed out, before anything reaches the runtime', async () => {
    as(null);
    const before = h.sent.length;
    for (const [path, init] of [
      ['info?appid=paper-chat', {}],
      ['chat-messages?appid=paper-chat', { body: chat('hi') }],
    ] as const) {
      const response = await call(path, init);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message: en.errors.unauthorized, status: 401 });
    }
    expect(h.sent.length).toBe(before);
    as(alice);
  });

  it('answers 404 for an unknown app or path and invalid_param for bad input', async () => {
    expect((await call('info?appid=no-such-app')).status).toBe(404);
    expect(await (await call('info?appid=no-such-app')).json()).toMatchObject({ code: 'not_found', status: 404 });
    expect((await call('admin/keys?appid=paper-chat')).status).toBe(404);
    expect((await call('info', {})).status).toBe(400);
    const noQuery = await call('chat-messages?appid=paper-chat', { body: { inputs: {}, response_mode: 'streaming' } });
    expect(await noQuery.json()).toMatchObject({ code: 'invalid_param', status: 400, params: 'query' });
    // An empty question is asked for as a question, not as a search.
    const empty = await call('chat-messages?appid=paper-chat', { body: chat('') });
    expect(await empty.json()).toMatchObject({ code: 'invalid_param', status: 400, params: 'query', message: en.validation.question_required });
    const emptyZh = await call('chat-messages?appid=paper-chat', { body: chat(''), headers: { 'x-locale': 'zh' } });
    expect((await emptyZh.json()).message).toBe(zh.validation.question_required);
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
    expect(response.headers.get('server-timing')).toMatch(
      /^session;dur=\d+\.\d\d, check;desc="[^"]+";dur=\d+\.\d\d, quota;dur=\d+\.\d\d, proxy;desc="[^"]+";dur=\d+\.\d\d$/,
    );
    const seen = [];
    for await (const event of events(response)) seen.push(event);
    expect(
      seen
        .filter((event) => event.event === 'message')
        .map((event) => event.answer)
        .join(''),
    ).toBe('Echo: What is new?');
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
    const cancelled = h.llm.cancelled;
    const stopped = new Promise<Request>((resolve) => (h.onStop = resolve));
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
    await vi.waitFor(() => expect(h.llm.cancelled).toBeGreaterThan(cancelled));
  });

  it('aborts the runtime call when the request itself is aborted', async () => {
    const cancelled = h.llm.cancelled;
    const aborter = new AbortController();
    const stopped = new Promise<Request>((resolve) => (h.onStop = resolve));
    const response = await call('completion-messages?appid=academic-polish', {
      body: { inputs: { query: 'Hold on #hang' }, response_mode: 'streaming' },
      signal: aborter.signal,
    });
    const stream = events(response);
    let first = await stream.next();
    while (first.value?.event !== 'message') first = await stream.next();
    aborter.abort();
    expect(new URL((await stopped).url).pathname).toBe(`/platform/ai/v1/completion-messages/${String(first.value.task_id)}/stop`);
    await vi.waitFor(() => expect(h.llm.cancelled).toBeGreaterThan(cancelled));
    await stream.return(undefined);
  });

  it('never lets an app key reach the browser', async () => {
    const keys = Object.values(h.ai.keys);
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

  it('refuses an upload another site posts with the reader’s cookies, before it reaches the runtime', async () => {
    const before = h.sent.length;
    const form = new FormData();
    form.set('file', new File(['x'], 'x.txt', { type: 'text/plain' }));
    const response = await call('files/upload?appid=paper-chat', { form, headers: { cookie: 'sb-localhost-auth-token=x', origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'forbidden', message: en.errors.cross_site_request, status: 403 });
    expect(h.sent.length).toBe(before);
  });

  it('refuses a body far over its limit while it streams in, and deeply nested JSON, before the runtime sees them', async () => {
    const { NextRequest } = await import('next/server');
    const route = await import('@/app/api/ai/dify/[...path]/route');
    const before = h.sent.length;
    let sent = 0;
    // 3 MB of JSON in 64 kB chunks with no Content-Length: the proxy must stop reading past its 2 MB cap.
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const url = 'http://localhost/api/ai/dify/chat-messages?appid=paper-chat';
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunked, duplex: 'half' } as RequestInit;
    const big = await route.POST(new NextRequest(url, init as never), { params: Promise.resolve({ path: ['chat-messages'] }) });
    expect(big.status).toBe(413);
    expect(sent).toBeLessThan(3 * 1024 * 1024);
    const nested = await call('chat-messages?appid=paper-chat', { body: chat('hi', { inputs: { deep: JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) } }) });
    expect(nested.status).toBe(400);
    expect(h.sent.length).toBe(before);
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

describe('DIFY_API_URL', () => {
  it('points the same proxy at a Dify server over HTTP, with per-app keys', async () => {
    const env = { DIFY_API_URL: process.env.DIFY_API_URL, key: process.env.DIFY_APP_KEY_PAPER_CHAT };
    process.env.DIFY_API_URL = `${h.served.origin}/platform/ai/v1`;
    process.env.DIFY_APP_KEY_PAPER_CHAT = h.ai.keys['paper-chat'];
    const before = h.sent.length;
    try {
      const response = await call('chat-messages?appid=paper-chat', { body: chat('Over the network') });
      const seen = [];
      for await (const event of events(response)) seen.push(event);
      expect(
        seen
          .filter((event) => event.event === 'message')
          .map((event) => event.answer)
          .join(''),
      ).toBe('Echo: Over the network');
      expect(h.sent.length).toBe(before);
      // An app the Dify server has no key for does not exist here.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect((await call('info?appid=academic-polish')).status).toBe(404);
      warn.mockRestore();
    } finally {
      for (const [name, value] of [
        ['DIFY_API_URL', env.DIFY_API_URL],
        ['DIFY_APP_KEY_PAPER_CHAT', env.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('shows a workflow run, its steps and the logs only to the user who ran it', async () => {
    as(alice);
    const run = await (await call('workflow/run?appid=literature-review', { body: { inputs: { topic: 'deep learning' }, response_mode: 'blocking' } })).json();
    expect(run.data.status).toBe('succeeded');
    const runId = run.workflow_run_id as string;

    const logs = await (await call('workflows/logs?appid=literature-review&created_by_end_user_session_id=someone')).json();
    expect(new URL(lastSent().url).searchParams.get('created_by_end_user_session_id')).toBe(`cw:${alice.id}`);
    expect(logs.data.map((l: { id: string }) => l.id)).toEqual([runId]);
    expect(logs.data[0].workflow_run.inputs).toEqual({ topic: 'deep learning', language: 'English' });
    expect(await (await call(`workflows/run/${runId}?appid=literature-review`)).json()).toMatchObject({
      id: runId,
      status: 'succeeded',
      outputs: { text: expect.any(String) },
    });
    const steps = await (await call(`workflows/run/${runId}/node-executions?appid=literature-review`)).json();
    expect(steps.data.map((n: { node_id: string }) => n.node_id)).toEqual(['start', 'plan', 'search', 'screen', 'synthesise', 'end']);
    expect(steps.data.every((n: { status: string }) => n.status === 'succeeded')).toBe(true);

    as(bob);
    expect((await (await call('workflows/logs?appid=literature-review')).json()).data).toEqual([]);
    expect((await call(`workflows/run/${runId}?appid=literature-review`)).status).toBe(404);
    expect((await call(`workflows/run/${runId}/node-executions?appid=literature-review`)).status).toBe(404);
    expect((await call('workflows/logs?appid=literature-review&status=sideways')).status).toBe(400);
    as(alice);
  });

  it('asks the runtime for its texts in the page’s language, whatever language the browser put in the query', async () => {
    const chinese = await (await call('parameters?appid=research&language=en', { headers: { 'x-locale': 'zh' } })).json();
    expect(new URL(lastSent().url).searchParams.getAll('language')).toEqual(['zh']);
    expect(chinese.opening_statement).toMatch(/研究问题/);
    for (const question of chinese.suggested_questions) expect(question).toMatch(/\p{Script=Han}/u);
    const review = await (await call('parameters?appid=literature-review', { headers: { 'x-locale': 'zh' } })).json();
    expect(JSON.stringify(review.user_input_form)).toContain('"default":"中文"');
    const english = await (await call('parameters?appid=research', { headers: { 'x-locale': 'en' } })).json();
    expect(english.opening_statement).toContain('research question');
  });

  it("keeps a writing tool's runs with the account: each user lists and clears only their own", async () => {
    as(alice);
    await call('completion-messages?appid=academic-polish', { body: { inputs: { query: 'alice wrote this' }, response_mode: 'blocking' } });
    as(bob);
    await call('completion-messages?appid=academic-polish', { body: { inputs: { query: 'bob wrote this' }, response_mode: 'blocking' } });
    const bobs = await (await call(`completion-messages?appid=academic-polish&user=${alice.id}`)).json();
    expect(bobs.data.map((run: { inputs: { query: string } }) => run.inputs.query)).toEqual(['bob wrote this']);
    expect((await call('completion-messages?appid=academic-polish', { method: 'DELETE', body: { user: alice.id } })).status).toBe(200);
    expect((await (await call('completion-messages?appid=academic-polish')).json()).data).toEqual([]);
    as(alice);
    const alices = await (await call('completion-messages?appid=academic-polish&limit=5')).json();
    expect(alices.data[0].inputs.query).toBe('alice wrote this');
    expect(JSON.stringify(alices.data)).not.toContain('bob wrote this');
    expect((await call('completion-messages?appid=academic-polish&limit=500')).status).toBe(400);
  });
});
