// The AI proxy's route handlers against the real embedded runtime (platform/ai) calling a real OpenAI-protocol test
// server, on one database (PGlite, or TEST_DATABASE_URL) holding the runtime's and the product's tables, as in
// `npm start`. A test file mocks three modules onto this state (see mockProductModules in its header):
//   '@/lib/db/database' → h.handle, '@/lib/auth/session' → h.signedIn, '@/lib/platform/services' → runtime().
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createTestDatabase } from '@citewise/db/testing';
import { createAiService, loadAiConfig, migrations as aiMigrations, type AiService } from '@citewise/platform-ai';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { createLocalSource, migrations as scholarMigrations, refreshStatistics, sourceRegistry, upsertPapers, type Paper } from '@citewise/scholar';
import { migrations as appMigrations } from '@/lib/db/migrations';
import { serveFetch, type ServedFetch } from './serve-fetch';

export type TestUser = ReturnType<typeof testUser>;

export function testUser() {
  const id = randomUUID();
  return { id, email: null, phone: null, aal: 'aal1' as const, sessionId: null, claims: { sub: id, role: 'authenticated' } };
}

export const h = {
  handle: null as unknown as DatabaseHandle,
  ai: null as unknown as AiService,
  llm: null as unknown as OpenAiTestServer,
  /** The runtime on a local port, as a Dify server in DIFY_API_URL. */
  served: null as unknown as ServedFetch,
  signedIn: null as TestUser | null,
  /** Every request the proxy handed to the embedded runtime, as sent. */
  sent: [] as Request[],
  onStop: (() => {}) as (request: Request) => void,
};

/** What `aiPlatform()` gives the product: the runtime, with the proxy's requests recorded on the way. */
export function runtime() {
  return {
    keys: h.ai.keys,
    fetch: (request: Request) => {
      h.sent.push(request.clone());
      if (request.url.endsWith('/stop')) h.onStop(request.clone());
      return h.ai.fetch(request);
    },
  };
}

export const startHarness = () => startHarnessWith({});

/** `countTokens`: the model server's token counting (words by default; a real tokenizer for estimates). */
/** `answers`: the model server's answer sizes (see OpenAiTestServerOptions); `papers`: the local corpus's records. */
export async function startHarnessWith(options: { countTokens?: (text: string) => number; answers?: 'short' | 'restating'; papers?: Paper[] }) {
  h.handle = await createTestDatabase([scholarMigrations, aiMigrations, appMigrations]);
  if (options.papers?.length) {
    await upsertPapers(h.handle.db, options.papers);
    await refreshStatistics(h.handle.db);
  }
  h.llm = await startOpenAiTestServer({ slowMs: 5, countTokens: options.countTokens, answers: options.answers });
  h.ai = await createAiService({
    db: h.handle.db,
    config: loadAiConfig({ LLM_BASE_URL: h.llm.url, LLM_MODEL: 'test-model', AI_SSE_PING_SECONDS: '30' }),
    sources: sourceRegistry([createLocalSource(h.handle.db)], 5000),
    basePath: '/platform',
  });
  h.served = await serveFetch((request) => h.ai.fetch(request));
  // Loaded here rather than by the first test, which would otherwise pay for the whole module graph.
  await import('@/app/api/ai/dify/[...path]/route');
}

export async function stopHarness() {
  await h.served?.close();
  await h.ai?.idle();
  await h.llm?.close();
  await h.handle?.close();
}

type Init = { method?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; signal?: AbortSignal };

/** Calls /api/ai/dify/<path> through its route handler, as the browser would. */
export async function call(path: string, init: Init = {}): Promise<Response> {
  const route = await import('@/app/api/ai/dify/[...path]/route');
  const url = new URL(`http://localhost/api/ai/dify/${path}`);
  const method = init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST');
  const body = init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const headers = init.form ? init.headers : { 'content-type': 'application/json', ...init.headers };
  const request = new NextRequest(url, { method, body, headers, signal: init.signal });
  return route[method as 'GET' | 'POST' | 'DELETE'](request, { params: Promise.resolve({ path: url.pathname.split('/').slice(4) }) });
}

/** The events of an SSE body as they arrive (JSON `data:` events; pings skipped). */
export async function* events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      buffer += next.value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) yield JSON.parse(data.slice(6)) as Record<string, unknown> & { event: string };
      }
    }
  } finally {
    await reader.cancel();
  }
}

export const chat = (query: string, extra: object = {}) => ({ query, inputs: { paper: 'A paper about segmentation.' }, response_mode: 'streaming', ...extra });

/** A user's usage rows as the table's owner sees them (past Row Level Security). */
export const usageRows = (userId: string) =>
  queryRows<{ app_id: string; day: string; messages: number; input_tokens: number; output_tokens: number; total_tokens: number }>(
    h.handle.db,
    // Cast: PGlite reads bigint as a number, node-postgres as a string.
    sql`select app_id, day::text as day, messages, input_tokens::int, output_tokens::int, total_tokens::int from app.ai_usage where user_id = ${userId} order by app_id`,
  );
