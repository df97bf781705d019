import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { testRedis } from '@citewise/db/testing';
import { createLlmTranslator } from '@citewise/scholar';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { aiUsage } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';

// GET /api/scholar/search with a model configured (LLM_*): the real `openai` client against the local
// OpenAI-protocol test server, which translates from a fixed table. The translation is shown, cached, and metered
// as the signed-in user's AI usage; a user without AI quota gets the dictionary's translation.
let llm: OpenAiTestServer;
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const api = setUpWebApi({
  corpus: [
    ...testPapers,
    {
      ...testPapers[1]!,
      id: 'test:tamoxifen',
      doi: null,
      title: 'Tamoxifen resistance in breast tumours',
      abstract: 'Endocrine therapy fails in a third of tumours.',
    },
  ],
});

const { GET: search } = await import('@/app/api/scholar/search/route');
const { redisTranslationStore } = await import('./server/query-translator');
const { scholarSources } = await import('./server/scholar-sources');
const redis = await testRedis('the lasting query translation cache');
// A query of this run only: Redis keeps translations for 30 days.
const RUN = randomUUID().slice(0, 8);

let address = 0;
const get = (q: string) =>
  search(
    new NextRequest(`http://localhost/api/scholar/search?q=${encodeURIComponent(q)}`, { headers: { 'x-forwarded-for': `198.51.100.${++address % 250}` } }),
  );

const newUser = () => localUser();
const usageOf = (userId: string) =>
  queryRows<{ app_id: string; messages: number; total_tokens: number }>(
    api.handle.db,
    sql`select app_id, messages, total_tokens::int from app.ai_usage where user_id = ${userId}`,
  );

beforeAll(async () => {
  llm = await startOpenAiTestServer({
    translations: { 他莫昔芬耐药: 'tamoxifen resistance', 他莫昔芬疗效: 'tamoxifen efficacy', [`他莫昔芬 ${RUN}`]: `tamoxifen ${RUN}` },
  });
  vi.stubEnv('LLM_BASE_URL', llm.url);
  vi.stubEnv('LLM_MODEL', 'test-model');
  vi.stubEnv('SEARCH_LLM_TRANSLATION', '');
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await llm?.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

describe('search with a model translating the query', () => {
  it('searches and shows the model translation, asks once per query, and meters it as the user AI usage', async () => {
    const user = newUser();
    api.signIn(user);
    const body = await (await get('他莫昔芬耐药')).json();
    // A short query: the model's translation, and its words' glossary translations beside it.
    expect(body.translation).toEqual({
      from: 'zh',
      to: 'en',
      engine: 'llm',
      searched: ['tamoxifen resistance', 'tamoxifen', 'drug resistance'],
      shown: [
        { source: '他莫昔芬耐药', target: 'tamoxifen resistance', via: 'model' },
        { source: '他莫昔芬', target: 'tamoxifen', via: 'glossary' },
        { source: '耐药', target: 'drug resistance', via: 'glossary' },
      ],
    });
    expect(body.results[0].paper.id).toBe('test:tamoxifen');
    expect(body.matched).toEqual(expect.arrayContaining(['tamoxifen', 'resistance']));
    expect(llm.requests).toHaveLength(1);
    const [row] = await usageOf(user.id);
    expect(row).toMatchObject({ app_id: 'query-translation', messages: 0 });
    expect(row!.total_tokens).toBeGreaterThan(0);
    // The same query again: the cached translation, no model call, nothing more metered.
    expect((await (await get('他莫昔芬耐药')).json()).translation.engine).toBe('llm');
    expect(llm.requests).toHaveLength(1);
    expect(await usageOf(user.id)).toEqual([row]);
  });

  it('translates a visitor query by the model too, metering nobody', async () => {
    api.signIn(null);
    const body = await (await get('他莫昔芬疗效')).json();
    expect(body.translation).toMatchObject({ engine: 'llm', searched: ['tamoxifen efficacy', 'tamoxifen', 'efficacy'] });
    expect(llm.requests).toHaveLength(1);
    expect(await queryRows(api.handle.db, sql`select 1 from app.ai_usage where app_id = 'query-translation' and total_tokens > 0`)).toHaveLength(1);
  });

  it("gives the research assistant the same translator: its retrieval finds search's translation in the shared cache", async () => {
    api.signIn(null);
    await get('他莫昔芬疗效');
    const before = llm.requests.length;
    const registry = await scholarSources();
    const translation = await registry.translate!('他莫昔芬疗效');
    expect(translation).toMatchObject({ engine: 'llm', text: 'tamoxifen efficacy' });
    expect(llm.requests).toHaveLength(before);
  });

  it('uses the dictionary for a user whose AI messages for the month are used up', async () => {
    const user = newUser();
    api.signIn(user);
    await runAsUser(api.handle, user.claims, (db) =>
      db.insert(aiUsage).values({
        userId: user.id,
        appId: 'paper-chat',
        day: new Date().toISOString().slice(0, 10),
        messages: 100,
        inputTokens: 1,
        outputTokens: 1,
        totalTokens: 2,
      }),
    );
    const body = await (await get('深度学习 他莫昔芬')).json();
    expect(body.translation.engine).toBe('dictionary');
    expect(body.translation.searched).toContain('deep learning');
    expect(llm.requests).toHaveLength(0);
  });

  it.skipIf(!redis.up)('keeps model translations in Redis, shared by processes', async () => {
    const settings = { baseUrl: llm.url, apiKey: 'test', model: 'test-model', timeoutMs: 2000 };
    const first = createLlmTranslator({ ...settings, store: redisTranslationStore(redis.url) });
    expect((await first(`他莫昔芬 ${RUN}`)).text).toBe(`tamoxifen ${RUN}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Another process: its own memory cache is empty, Redis has the translation.
    const second = createLlmTranslator({ ...settings, store: redisTranslationStore(redis.url) });
    expect((await second(`他莫昔芬 ${RUN}`)).text).toBe(`tamoxifen ${RUN}`);
    expect(llm.requests).toHaveLength(1);
  });
});
