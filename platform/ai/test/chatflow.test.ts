// The chatflow (Dify's advanced-chat) app `cited-answer`: each answer is a workflow run whose steps stream as
// Dify's workflow and node events, with the answer's text inside its node, workflow_finished before message_end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { eachEvent, readEvents, startAi, type Harness, type SseEvent } from './harness';

const APP = 'cited-answer';
const NODES = ['start', 'plan', 'retrieve', 'generate', 'check', 'answer'];

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer({ slowMs: 20 });
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const ask = (body: Record<string, unknown>, harness = h) =>
  harness.call(APP, '/chat-messages', { body: { inputs: {}, user: 'u1', response_mode: 'streaming', ...body } });
const kinds = (events: SseEvent[]) => events.filter((e) => e.event !== 'ping').map((e) => e.event);
const data = (e: SseEvent) => e.data as Record<string, unknown>;

describe('advanced-chat: POST /chat-messages', () => {
  it('reports its mode and its steps in /info, /parameters and /site', async () => {
    expect(await (await h.call(APP, '/info')).json()).toMatchObject({ mode: 'advanced-chat' });
    const params = await (await h.call(APP, '/parameters')).json();
    expect(params.file_upload.enabled).toBe(false);
    expect(params.retriever_resource.enabled).toBe(true);
    expect((await (await h.call(APP, '/site')).json()).show_workflow_steps).toBe(true);
  });

  it('streams workflow_started, each node, the answer inside its node, workflow_finished, then message_end', async () => {
    const events = await readEvents(await ask({ query: 'attention transformer' }));
    const order = kinds(events);
    expect(order[0]).toBe('workflow_started');
    expect(order.slice(-2)).toEqual(['workflow_finished', 'message_end']);
    const started = events.filter((e) => e.event === 'node_started').map((e) => data(e).node_id);
    const finished = events.filter((e) => e.event === 'node_finished');
    expect(started).toEqual(NODES);
    expect(finished.map((e) => [data(e).node_id, data(e).status])).toEqual(NODES.map((n) => [n, 'succeeded']));
    // Text chunks come between the answer node's start and finish.
    const generateStart = events.findIndex((e) => e.event === 'node_started' && data(e).node_id === 'generate');
    const generateEnd = events.findIndex((e) => e.event === 'node_finished' && data(e).node_id === 'generate');
    const messages = events.map((e, i) => [e, i] as const).filter(([e]) => e.event === 'message');
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every(([, i]) => i > generateStart && i < generateEnd)).toBe(true);
    expect(messages[0]![0]).toMatchObject({ from_variable_selector: ['generate', 'text'] });

    const runId = events.find((e) => e.event === 'workflow_started')!.workflow_run_id as string;
    const end = events.at(-1)!;
    const conversationId = end.conversation_id as string;
    // Every event carries the conversation's fields, as Dify adds them to an advanced-chat stream.
    for (const e of events.filter((x) => x.event !== 'ping'))
      expect(e).toMatchObject({ conversation_id: conversationId, message_id: end.message_id, task_id: end.task_id });
    for (const e of events.filter((x) => /^(workflow|node)_/.test(x.event))) expect(e.workflow_run_id).toBe(runId);

    const answer = messages.map(([e]) => e.answer).join('');
    expect(answer).toContain('attention transformer');
    const meta = end.metadata as {
      usage: { total_tokens: number };
      retriever_resources: Array<{ position: number; document_id: string }>;
      search_log: { queries: string[] };
    };
    expect(meta.retriever_resources.map((r) => r.document_id)).toContain('arXiv:1706.03762');
    for (const r of meta.retriever_resources) expect(answer).toContain(`[${r.position}]`);
    // The planner's queries: the question, and the test model's variant of it.
    expect(meta.search_log.queries).toEqual(['attention transformer', 'attention transformer survey']);
    const workflowFinished = events.find((e) => e.event === 'workflow_finished')!;
    expect(data(workflowFinished)).toMatchObject({ id: runId, status: 'succeeded', total_steps: 6, outputs: { answer } });
    expect(data(workflowFinished).total_tokens).toBe(meta.usage.total_tokens);
    const generate = finished.find((e) => data(e).node_id === 'generate')!;
    expect((data(generate).execution_metadata as { total_tokens: number }).total_tokens).toBe(meta.usage.total_tokens);
  });

  it('answers blocking as Dify does, and keeps the conversation with memory across turns', async () => {
    const first = await (await ask({ query: 'attention transformer', response_mode: 'blocking', user: 'u2' })).json();
    expect(first).toMatchObject({ event: 'message', mode: 'advanced-chat' });
    expect(first.id).toBe(first.message_id);
    expect(first.answer).toContain('[1]');
    expect(first.metadata.retriever_resources.length).toBeGreaterThan(0);

    const second = await readEvents(await ask({ query: 'and BERT pre-training?', user: 'u2', conversation_id: first.conversation_id }));
    expect(second.at(-1)).toMatchObject({ event: 'message_end', conversation_id: first.conversation_id });
    const sent = llm.requests.at(-1)!.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[2]!.content).toBe(first.answer);

    const history = await (await h.call(APP, `/messages?user=u2&conversation_id=${first.conversation_id}`)).json();
    expect(history.data.map((m: { query: string }) => m.query)).toEqual(['attention transformer', 'and BERT pre-training?']);
    const list = await (await h.call(APP, '/conversations?user=u2')).json();
    expect(list.data.map((c: { id: string }) => c.id)).toEqual([first.conversation_id]);
    // Another user sees none of it.
    expect((await h.call(APP, `/messages?user=u3&conversation_id=${first.conversation_id}`)).status).toBe(404);
  });

  it('stopped mid-answer: the answer node and the run end as stopped, message_end keeps the partial answer', async () => {
    const response = await ask({ query: 'attention transformer #slow', user: 'u4' });
    const seen: SseEvent[] = [];
    for await (const event of eachEvent(response)) {
      seen.push(event);
      if (seen.filter((e) => e.event === 'message').length === 3) {
        const stop = await h.call(APP, `/chat-messages/${event.task_id}/stop`, { body: { user: 'u4' } });
        expect(await stop.json()).toEqual({ result: 'success' });
      }
    }
    const generate = seen.find((e) => e.event === 'node_finished' && data(e).node_id === 'generate')!;
    expect(data(generate).status).toBe('stopped');
    expect(data(seen.find((e) => e.event === 'workflow_finished')!).status).toBe('stopped');
    expect(kinds(seen).slice(-2)).toEqual(['workflow_finished', 'message_end']);
    const partial = seen
      .filter((e) => e.event === 'message')
      .map((e) => e.answer)
      .join('');
    const history = await (await h.call(APP, `/messages?user=u4&conversation_id=${seen.at(-1)!.conversation_id}`)).json();
    expect(history.data[0].answer).toBe(partial);
  });

  it("a failing model fails its node and the run, then ends with Dify's error event", async () => {
    const events = await readEvents(await ask({ query: 'anything #status=503', user: 'u5' }));
    const plan = events.find((e) => e.event === 'node_finished' && data(e).node_id === 'plan')!;
    expect(data(plan).status).toBe('failed');
    expect(kinds(events).slice(-2)).toEqual(['workflow_finished', 'error']);
    expect(data(events.find((e) => e.event === 'workflow_finished')!)).toMatchObject({ status: 'failed' });
    expect(events.at(-1)).toMatchObject({ event: 'error', status: expect.any(Number), code: expect.any(String) });
  });

  it('refuses files, which no step of the flow reads', async () => {
    const response = await ask({ query: 'q', files: [{ type: 'document', transfer_method: 'remote_url', url: 'https://example.org/a.pdf' }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_param' });
  });

  it('without a model: the question is searched as written and the answer is the cited evidence', async () => {
    const bare = await startAi();
    try {
      const events = await readEvents(await ask({ query: 'attention transformer' }, bare));
      const plan = events.find((e) => e.event === 'node_finished' && data(e).node_id === 'plan')!;
      expect(data(plan).outputs).toEqual({ queries: ['attention transformer'], planned_by: 'question' });
      const end = events.at(-1)!;
      expect(end.event).toBe('message_end');
      expect((end.metadata as { answer_source: string }).answer_source).toBe('extractive_evidence');
      expect(
        events
          .filter((e) => e.event === 'message')
          .map((e) => e.answer)
          .join(''),
      ).toContain('Evidence from the literature');
      expect(data(events.find((e) => e.event === 'workflow_finished')!).status).toBe('succeeded');
    } finally {
      await bare.close();
    }
  });
});
