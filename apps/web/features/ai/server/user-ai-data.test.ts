// With a Dify server (DIFY_API_URL), a deleted account's conversations are deleted through Dify's own API, app by
// app (`DELETE /conversations/{id}` with the user), and the export reads them the same way. The Dify server here is
// the embedded runtime, served over HTTP and reached with the product's per-app keys, as a real one would be.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { sql } from '@citewise/db/orm';
import { createAiService, loadAiConfig, migrations as aiMigrations, type AiService } from '@citewise/platform-ai';
import { startOpenAiTestServer, type OpenAiTestServer } from '@citewise/platform-ai/test-server';
import { aiApps } from '@/config/ai-apps';
import { difyKeyVariable } from './ai-upstream';
import { difyUser } from './dify-user';
import { deleteAiData, exportAiData } from './user-ai-data';

let handle: DatabaseHandle;
let ai: AiService;
let llm: OpenAiTestServer;
let server: Server;
let base = '';

beforeAll(async () => {
  handle = await createTestDatabase([aiMigrations]);
  llm = await startOpenAiTestServer();
  ai = await createAiService({ db: handle.db, config: loadAiConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' }) });
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = await ai.fetch(
      new Request(`http://dify.test${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ai/v1`;
  vi.stubEnv('DIFY_API_URL', base);
  for (const app of aiApps) vi.stubEnv(difyKeyVariable(app.id), ai.keys[app.id]!);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server?.close(resolve));
  await ai?.idle();
  await llm?.close();
  await handle?.close();
});

const ask = (appId: string, path: string, body: Record<string, unknown>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ai.keys[appId]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('exports and deletes every conversation of the user through the Dify API, more than a page of them, and no one else’s', async () => {
  const userId = crypto.randomUUID();
  const me = difyUser(userId);
  const other = difyUser(crypto.randomUUID());
  const chat = (await (await ask('paper-chat', '/chat-messages', { query: 'What is it about?', inputs: { paper: 'A paper.' }, user: me })).json()) as {
    conversation_id: string;
  };
  await ask('paper-chat', '/chat-messages', { query: 'Theirs', inputs: { paper: 'A paper.' }, user: other });
  await ask('academic-polish', '/completion-messages', { inputs: { query: 'a text of mine' }, user: me });
  // More than Dify's largest page (100) of older conversations in another chat app.
  await handle.db.execute(sql`insert into ai.conversations (app_id, end_user, name, created_at, updated_at)
    select 'cited-answer', ${me}, 'older ' || n, now() - n * interval '1 minute', now() - n * interval '1 minute' from generate_series(1, 120) n`);
  await ai.idle();

  const exported = await exportAiData(userId);
  expect(exported.runtime).toBe('dify');
  expect(exported.conversations).toHaveLength(121);
  const first = exported.conversations.find((conversation) => conversation.id === chat.conversation_id) as { app_id: string; messages: { query: string }[] };
  expect(first).toMatchObject({ app_id: 'paper-chat', messages: [expect.objectContaining({ query: 'What is it about?' })] });
  // What Dify's API cannot list is named, not silently left out.
  expect(exported.notExported).toEqual(['completions', 'workflowRuns', 'files']);

  expect(await deleteAiData(userId)).toEqual({ conversations: 121 });
  const left = await queryRows<{ end_user: string; n: number }>(handle.db, sql`select end_user, count(*)::int as n from ai.conversations group by end_user`);
  expect(left).toEqual([{ end_user: other, n: 1 }]);
  expect((await exportAiData(userId)).conversations).toEqual([]);
  // Running it again finds nothing more to delete.
  expect(await deleteAiData(userId)).toEqual({ conversations: 0 });
  // Dify's service API has no call that deletes a completion message: it stays on the Dify server (docs: Security).
  const [completions] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from ai.messages where end_user = ${me} and conversation_id is null`,
  );
  expect(completions!.n).toBe(1);
}, 120_000);
