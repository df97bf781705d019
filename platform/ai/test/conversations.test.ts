import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { eachEvent, readEvents, startAi, type Harness } from './harness';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer({ slowMs: 5 });
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const ask = async (user: string, query: string, conversationId?: string, extra: Record<string, unknown> = {}) =>
  (await h.call('paper-chat', '/chat-messages', { body: { query, inputs: { paper: 'P' }, user, conversation_id: conversationId, ...extra } })).json();

describe('conversations and messages', () => {
  it('pages conversations newest first with last_id, per user, and names them from the model', async () => {
    const ids: string[] = [];
    for (const q of ['first topic here', 'second topic here', 'third topic here']) ids.push((await ask('pager', q)).conversation_id);
    await h.service.idle();
    const page1 = await (await h.call('paper-chat', '/conversations?user=pager&limit=2')).json();
    expect(page1.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(page1.has_more).toBe(true);
    expect(page1.data[0].name).toBe('third topic here');
    const page2 = await (await h.call('paper-chat', `/conversations?user=pager&limit=2&last_id=${ids[1]}`)).json();
    expect(page2).toMatchObject({ has_more: false, data: [{ id: ids[0] }] });
    const oldest = await (await h.call('paper-chat', '/conversations?user=pager&sort_by=created_at')).json();
    expect(oldest.data[0].id).toBe(ids[0]);
    expect((await (await h.call('paper-chat', '/conversations?user=someone-else')).json()).data).toEqual([]);
    expect((await h.call('paper-chat', `/conversations?user=pager&last_id=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await h.call('paper-chat', '/conversations?user=pager&limit=101')).status).toBe(400);
  });

  it('pages messages oldest first within a page with first_id', async () => {
    const first = await ask('reader', 'm1', undefined, { auto_generate_name: false });
    const id = first.conversation_id;
    await ask('reader', 'm2', id);
    await ask('reader', 'm3', id);
    const latest = await (await h.call('paper-chat', `/messages?user=reader&conversation_id=${id}&limit=2`)).json();
    expect(latest.data.map((m: { query: string }) => m.query)).toEqual(['m2', 'm3']);
    expect(latest.has_more).toBe(true);
    const older = await (await h.call('paper-chat', `/messages?user=reader&conversation_id=${id}&limit=2&first_id=${latest.data[0].id}`)).json();
    expect(older).toMatchObject({ has_more: false, data: [{ query: 'm1', answer: 'Echo: m1', feedback: null, status: 'normal' }] });
    expect((await h.call('paper-chat', `/messages?user=intruder&conversation_id=${id}`)).status).toBe(404);
    const list = await (await h.call('paper-chat', '/conversations?user=reader')).json();
    expect(list.data[0].name).toBe('New conversation');
  });

  it('pages through timestamps a millisecond cannot tell apart, each row once, in both orders', async () => {
    // Microsecond steps within one millisecond: a cursor read back through a JS Date would repeat or skip rows.
    await h.database.db.execute(sql`insert into ai.conversations (app_id, end_user, name, created_at, updated_at)
      select 'paper-chat', 'micro', 'c' || n, timestamp '2026-01-01 00:00:00.000' + n * interval '1 microsecond',
        timestamp '2026-01-01 00:00:00.000' + n * interval '1 microsecond' from generate_series(1, 7) n`);
    for (const sortBy of ['-updated_at', 'created_at']) {
      const names: string[] = [];
      let lastId = '';
      for (;;) {
        const page = await (await h.call('paper-chat', `/conversations?user=micro&limit=3&sort_by=${sortBy}&last_id=${lastId}`)).json();
        names.push(...page.data.map((c: { name: string }) => c.name));
        if (!page.has_more) break;
        lastId = page.data.at(-1).id;
      }
      const expected = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
      expect(names).toEqual(sortBy.startsWith('-') ? expected.reverse() : expected);
    }
    const [conversation] = await queryRows<{ id: string }>(h.database.db, sql`select id from ai.conversations where end_user = 'micro' limit 1`);
    await h.database.db.execute(sql`insert into ai.messages (app_id, end_user, conversation_id, task_id, query, answer, created_at)
      select 'paper-chat', 'micro', ${conversation!.id}, gen_random_uuid(), 'q' || n, 'a', timestamp '2026-01-01' + n * interval '1 microsecond' from generate_series(1, 5) n`);
    const queries: string[] = [];
    let firstId = '';
    for (;;) {
      const page = await (await h.call('paper-chat', `/messages?user=micro&conversation_id=${conversation!.id}&limit=2&first_id=${firstId}`)).json();
      queries.unshift(...page.data.map((m: { query: string }) => m.query));
      if (!page.has_more) break;
      firstId = page.data[0].id;
    }
    expect(queries).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
  });

  it('renames manually and automatically, records feedback, suggests questions, deletes with 204', async () => {
    const { conversation_id: id, message_id: messageId } = await ask('owner', 'graph neural networks', undefined, { auto_generate_name: false });
    const manual = await (await h.call('paper-chat', `/conversations/${id}/name`, { body: { name: 'My chat', user: 'owner' } })).json();
    expect(manual).toMatchObject({ id, name: 'My chat', status: 'normal' });
    const auto = await (await h.call('paper-chat', `/conversations/${id}/name`, { body: { auto_generate: true, user: 'owner' } })).json();
    expect(auto.name).toBe('graph neural networks');
    expect((await h.call('paper-chat', `/conversations/${id}/name`, { body: { user: 'owner' } })).status).toBe(400);

    expect(await (await h.call('paper-chat', `/messages/${messageId}/feedbacks`, { body: { rating: 'like', user: 'owner' } })).json()).toEqual({
      result: 'success',
    });
    const messages = await (await h.call('paper-chat', `/messages?user=owner&conversation_id=${id}`)).json();
    expect(messages.data[0].feedback).toEqual({ rating: 'like' });
    expect((await h.call('paper-chat', `/messages/${messageId}/feedbacks`, { body: { rating: 'like', user: 'other' } })).status).toBe(404);

    const suggested = await (await h.call('paper-chat', `/messages/${messageId}/suggested?user=owner`)).json();
    expect(suggested.result).toBe('success');
    expect(suggested.data).toHaveLength(3);

    expect((await h.call('paper-chat', `/conversations/${id}`, { method: 'DELETE', body: { user: 'other' } })).status).toBe(404);
    expect((await h.call('paper-chat', `/conversations/${id}`, { method: 'DELETE', body: { user: 'owner' } })).status).toBe(204);
    expect((await h.call('paper-chat', `/conversations/${id}`, { method: 'DELETE', body: { user: 'owner' } })).status).toBe(404);
    expect((await h.call('paper-chat', `/messages?user=owner&conversation_id=${id}`)).status).toBe(404);
  });
});

describe('stop, disconnect, timeout', () => {
  it('stops a streaming answer by task_id and keeps the partial answer', async () => {
    const response = await h.call('paper-chat', '/chat-messages', {
      body: { query: 'long #slow', inputs: { paper: 'P' }, user: 'stopper', response_mode: 'streaming' },
    });
    const seen = [];
    let stopped = false;
    for await (const event of eachEvent(response)) {
      seen.push(event);
      if (event.event === 'message' && !stopped) {
        stopped = true;
        const other = await h.call('paper-chat', `/chat-messages/${event.task_id as string}/stop`, { body: { user: 'someone-else' } });
        expect(await other.json()).toEqual({ result: 'success' });
        expect((await h.call('paper-chat', `/chat-messages/${event.task_id as string}/stop`, { body: { user: 'stopper' } })).status).toBe(200);
      }
    }
    const end = seen.at(-1)!;
    expect(end.event).toBe('message_end');
    const partial = seen
      .filter((e) => e.event === 'message')
      .map((e) => e.answer)
      .join('');
    expect(partial.split(' ').length).toBeLessThan(400);
    const history = await (await h.call('paper-chat', `/messages?user=stopper&conversation_id=${end.conversation_id as string}`)).json();
    expect(history.data[0].answer).toBe(partial);
    expect(h.service.context.tasks.size).toBe(0);
  });

  it('cancels the model call when the client disconnects', async () => {
    const cancelled = llm.nextCancel();
    const response = await h.call('paper-chat', '/chat-messages', {
      body: { query: 'long #slow', inputs: { paper: 'P' }, user: 'leaver', response_mode: 'streaming' },
    });
    for await (const event of eachEvent(response)) if (event.event === 'message') break;
    await cancelled;
    expect(llm.cancelled).toBeGreaterThan(0);
  });

  it('ends a stalled stream with an error event, and a ping keeps the line alive', async () => {
    const events = await readEvents(
      await h.call('paper-chat', '/chat-messages', { body: { query: 'x y z #hang', inputs: { paper: 'P' }, user: 'u', response_mode: 'streaming' } }),
    );
    expect(events[0]!.event).toBe('ping');
    expect(events.at(-1)).toMatchObject({ event: 'error', code: 'completion_request_error' });
    expect(events.at(-1)!.message as string).toContain('timed out');
  });
});
