// Export and deletion of everything kept for one end user, across every table of the `ai` schema: conversations and
// their messages, completion messages, workflow runs and their steps, uploaded files. Another end user's rows stay.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { endUserTables } from '../src/end-user-data';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { BASE, readEvents, startAi, type Harness } from './harness';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

/** One of each kind of thing the runtime keeps, made through its Dify API as `user`. */
async function useEverything(user: string) {
  const form = new FormData();
  form.set('user', user);
  form.set('file', new File(['notes on transformers'], `${user}-notes.txt`, { type: 'text/plain' }));
  const upload = await h.service.fetch(
    new Request(`${BASE}/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${h.key('paper-chat')}` }, body: form }),
  );
  expect(upload.status).toBe(201);
  const chat = await (
    await h.call('paper-chat', '/chat-messages', { body: { query: `Question of ${user}`, inputs: { paper: 'A paper.' }, user, response_mode: 'blocking' } })
  ).json();
  expect(chat.conversation_id).toBeTruthy();
  const completion = await h.call('academic-polish', '/completion-messages', { body: { inputs: { query: `Polish for ${user}` }, user } });
  expect(completion.status).toBe(200);
  const run = await readEvents(
    await h.call('literature-review', '/workflows/run', { body: { inputs: { topic: `topic of ${user}` }, user, response_mode: 'streaming' } }),
  );
  expect(run.at(-1)!.event).toBe('workflow_finished');
  return { conversationId: chat.conversation_id as string };
}

it("exports every table with the user's rows and no file bytes, then deletes them all, and nothing of another user", async () => {
  const mine = await useEverything('cw:me');
  await useEverything('cw:other');
  await h.service.idle();

  const tables = (await endUserTables(h.database.db)).map((t) => t.name).sort();
  // Every table of the schema holds end-user rows, by its own key or through its parent.
  const all = await queryRows<{ table_name: string }>(
    h.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'ai' and table_type = 'BASE TABLE' order by 1`,
  );
  expect(tables).toEqual(all.map((row) => row.table_name));

  const data = await h.service.exportEndUser('cw:me');
  expect(Object.keys(data).sort()).toEqual(tables);
  for (const table of tables) expect(data[table]!.length, table).toBeGreaterThan(0);
  expect(data.conversations!.map((c) => c.id)).toEqual([mine.conversationId]);
  expect(data.messages!.map((m) => m.query)).toEqual(['Question of cw:me', 'Polish for cw:me']);
  expect(data.files).toEqual([expect.objectContaining({ name: 'cw:me-notes.txt', size: 21, mime_type: 'text/plain' })]);
  expect(data.files![0]).not.toHaveProperty('content');
  expect(data.workflow_runs![0]).toMatchObject({ inputs: { topic: 'topic of cw:me' }, status: 'succeeded' });
  expect(data.workflow_node_executions!.length).toBeGreaterThan(1);
  expect(JSON.stringify(data)).not.toContain('cw:other');
  expect(JSON.stringify(data)).not.toContain('end_user');

  const removed = await h.service.deleteEndUser('cw:me');
  for (const table of tables) expect(removed[table], table).toBe(data[table]!.length);
  const after = await h.service.exportEndUser('cw:me');
  for (const table of tables) expect(after[table], table).toEqual([]);
  // Safe to run again; the other user's rows are all there.
  expect(Object.values(await h.service.deleteEndUser('cw:me')).every((n) => n === 0)).toBe(true);
  const theirs = await h.service.exportEndUser('cw:other');
  for (const table of tables) expect(theirs[table]!.length, table).toBeGreaterThan(0);
  // The API agrees: the deleted conversation is gone.
  const gone = await h.call('paper-chat', `/messages?user=cw:me&conversation_id=${mine.conversationId}`);
  expect(gone.status).toBe(404);
});
