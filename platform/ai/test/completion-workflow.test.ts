import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { eachEvent, readEvents, startAi, type Harness } from './harness';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_MODEL_ACADEMIC_TRANSLATE: 'translator' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

describe('POST /completion-messages', () => {
  it('answers blocking and streaming from the app prompt and the inputs', async () => {
    const blocking = await (await h.call('academic-polish', '/completion-messages', { body: { inputs: { query: 'this are a sentence' }, user: 'u1' } })).json();
    expect(blocking).toMatchObject({ event: 'message', mode: 'completion', answer: 'Echo: this are a sentence' });
    expect(blocking.metadata.usage.total_tokens).toBeGreaterThan(0);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('formal academic style');

    const events = await readEvents(
      await h.call('academic-translate', '/completion-messages', {
        body: { inputs: { query: '深度学习', direction: 'zh-en' }, user: 'u1', response_mode: 'streaming' },
      }),
    );
    expect(
      events
        .filter((e) => e.event === 'message')
        .map((e) => e.answer)
        .join(''),
    ).toBe('Echo: 深度学习');
    expect(events.at(-1)!.event).toBe('message_end');
    expect(llm.requests.at(-1)!.model).toBe('translator');
  });

  it('validates the inputs and the app mode', async () => {
    const missing = await h.call('abstract-writer', '/completion-messages', { body: { inputs: {}, user: 'u1' } });
    expect(await missing.json()).toMatchObject({ code: 'invalid_param', status: 400 });
    const badOption = await h.call('academic-translate', '/completion-messages', { body: { inputs: { query: 'x', direction: 'fr-de' }, user: 'u1' } });
    expect(badOption.status).toBe(400);
    const wrongApp = await h.call('research', '/completion-messages', { body: { inputs: { query: 'x' }, user: 'u1' } });
    expect(await wrongApp.json()).toMatchObject({ code: 'app_unavailable' });
  });
});

describe("GET and DELETE /completion-messages (our addition: a writing tool's history)", () => {
  it("lists the user's runs of that app with an answer, newest first, and forgets them on DELETE; nobody else's", async () => {
    for (const query of ['first draft', 'second draft']) {
      await h.call('abstract-writer', '/completion-messages', { body: { inputs: { query }, user: 'writer' } });
    }
    await h.call('abstract-writer', '/completion-messages', { body: { inputs: { query: 'not mine' }, user: 'someone-else' } });
    await h.call('academic-polish', '/completion-messages', { body: { inputs: { query: 'another tool' }, user: 'writer' } });

    const page = await (await h.call('abstract-writer', '/completion-messages?user=writer&limit=1')).json();
    expect(page).toMatchObject({ limit: 1, has_more: true });
    expect(page.data).toEqual([
      expect.objectContaining({
        inputs: expect.objectContaining({ query: 'second draft' }),
        answer: expect.stringContaining('second draft'),
        status: 'normal',
        stopped: false,
      }),
    ]);
    const all = await (await h.call('abstract-writer', '/completion-messages?user=writer')).json();
    expect(all.data.map((run: { inputs: { query: string } }) => run.inputs.query)).toEqual(['second draft', 'first draft']);

    const missingUser = await h.call('abstract-writer', '/completion-messages');
    expect(await missingUser.json()).toMatchObject({ code: 'invalid_param', status: 400 });
    const chatApp = await h.call('research', '/completion-messages?user=writer');
    expect(await chatApp.json()).toMatchObject({ code: 'app_unavailable' });

    const removed = await h.call('abstract-writer', '/completion-messages', { method: 'DELETE', body: { user: 'writer' } });
    expect(await removed.json()).toEqual({ result: 'success' });
    expect((await (await h.call('abstract-writer', '/completion-messages?user=writer')).json()).data).toEqual([]);
    expect((await (await h.call('abstract-writer', '/completion-messages?user=someone-else')).json()).data).toHaveLength(1);
    expect((await (await h.call('academic-polish', '/completion-messages?user=writer')).json()).data).toHaveLength(1);
  });
});

describe('POST /workflows/run (literature review)', () => {
  it('streams workflow and node events in order and keeps the run', async () => {
    const events = await readEvents(
      await h.call('literature-review', '/workflows/run', { body: { inputs: { topic: 'deep learning' }, user: 'u1', response_mode: 'streaming' } }),
    );
    const kinds = events.filter((e) => e.event !== 'ping').map((e) => e.event);
    expect(kinds[0]).toBe('workflow_started');
    expect(kinds.at(-1)).toBe('workflow_finished');
    const nodes = events.filter((e) => e.event === 'node_finished').map((e) => e.data as { node_id: string; status: string });
    expect(nodes.map((n) => n.node_id)).toEqual(['start', 'plan', 'search', 'screen', 'synthesise', 'end']);
    expect(nodes.every((n) => n.status === 'succeeded')).toBe(true);
    expect(kinds).toContain('text_chunk');
    const finished = events.at(-1)!.data as {
      id: string;
      status: string;
      outputs: { text: string; citations: Array<{ document_id: string }>; queries: string[] };
      total_steps: number;
    };
    expect(finished.status).toBe('succeeded');
    expect(finished.outputs.queries).toEqual(['deep learning', 'deep learning survey']);
    expect(finished.outputs.text).toMatch(/\[1\]/);
    expect(finished.outputs.citations.map((c) => c.document_id)).toContain('doi:10.1038/nature14539');
    expect(finished.total_steps).toBe(6);

    const detail = await (await h.call('literature-review', `/workflows/run/${finished.id}`)).json();
    expect(detail).toMatchObject({ id: finished.id, status: 'succeeded', inputs: { topic: 'deep learning' } });
    const logs = await (await h.call('literature-review', '/workflows/logs?status=succeeded&keyword=deep')).json();
    expect(logs.data.map((l: { id: string }) => l.id)).toContain(finished.id);
  });

  it('answers blocking at /workflow/run too, and reports a failed model as a failed run', async () => {
    const ok = await (await h.call('literature-review', '/workflow/run', { body: { inputs: { topic: 'transformer attention' }, user: 'u1' } })).json();
    expect(ok.data.status).toBe('succeeded');
    expect(ok.workflow_run_id).toBe(ok.data.id);
    const failed = await (await h.call('literature-review', '/workflows/run', { body: { inputs: { topic: 'x #status=500' }, user: 'u1' } })).json();
    expect(failed.data.status).toBe('failed');
    expect(failed.data.error).toContain('500');
    const wrong = await h.call('research', '/workflows/run', { body: { inputs: {}, user: 'u1' } });
    expect(await wrong.json()).toMatchObject({ code: 'not_workflow_app' });
    const unknown = await h.call('literature-review', `/workflows/run/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('stops a streaming run by task_id: the run ends as stopped and is kept so', async () => {
    const response = await h.call('literature-review', '/workflows/run', {
      body: { inputs: { topic: 'deep learning #slow' }, user: 'u2', response_mode: 'streaming' },
    });
    const seen = [];
    for await (const event of eachEvent(response)) {
      seen.push(event);
      if (event.event === 'text_chunk' && seen.filter((e) => e.event === 'text_chunk').length === 1) {
        const stop = await h.call('literature-review', `/workflows/tasks/${event.task_id as string}/stop`, { body: { user: 'u2' } });
        expect(await stop.json()).toEqual({ result: 'success' });
      }
    }
    const finished = seen.at(-1)!;
    expect(finished).toMatchObject({ event: 'workflow_finished', data: { status: 'stopped' } });
    const detail = await (await h.call('literature-review', `/workflows/run/${finished.workflow_run_id as string}`)).json();
    expect(detail.status).toBe('stopped');
    // Its steps are kept up to the one that was stopped, and only its own user sees them.
    const steps = await (await h.call('literature-review', `/workflows/run/${finished.workflow_run_id as string}/node-executions?user=u2`)).json();
    expect(steps.data.map((n: { node_id: string; status: string }) => `${n.node_id}:${n.status}`)).toEqual([
      'start:succeeded',
      'plan:succeeded',
      'search:succeeded',
      'screen:succeeded',
      'synthesise:stopped',
      'end:stopped',
    ]);
    expect(steps.data[1]).toMatchObject({
      index: 2,
      predecessor_node_id: 'start',
      outputs: { queries: expect.any(Array) },
      execution_metadata: { total_tokens: expect.any(Number) },
    });
    expect((await h.call('literature-review', `/workflows/run/${finished.workflow_run_id as string}?user=u1`)).status).toBe(404);
    const mine = await (await h.call('literature-review', '/workflows/logs?created_by_end_user_session_id=u2')).json();
    expect(mine.data.map((l: { id: string }) => l.id)).toEqual([finished.workflow_run_id]);
  });
});
