// The official `dify-client` (2.3.2) against the runtime on a real local port, in every mode, blocking and streaming.
import type { Readable } from 'node:stream';
import { ChatClient, CompletionClient, DifyClient } from 'dify-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { startAi, type Harness, type SseEvent } from './harness';
import { serveHttp } from './serve-http';

let llm: OpenAiTestServer;
let h: Harness;
let http: Awaited<ReturnType<typeof serveHttp>>;
let base: string;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
  http = await serveHttp((request) => h.service.fetch(request));
  base = `${http.origin}/platform/ai/v1`;
});
afterAll(async () => {
  await http.close();
  await h.close();
  await llm.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The client hands back raw SSE bytes; parse them by the protocol's rules. */
async function events(stream: Readable): Promise<SseEvent[]> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as SseEvent);
}

describe('dify-client 2.3.2', () => {
  it('chat: parameters, blocking and streaming messages, history, conversations, rename, feedback, delete', async () => {
    const client = new ChatClient(h.key('research'), base);
    const params = await client.getApplicationParameters('cw:1');
    expect(params.data.opening_statement).toContain('research question');
    const blocking = await client.createChatMessage({}, 'attention transformer', 'cw:1', false, null, null);
    expect(blocking.data.metadata.retriever_resources[0].document_id).toBe('arXiv:1706.03762');
    const conversationId = blocking.data.conversation_id as string;
    const streamed = await client.createChatMessage({}, 'and BERT pre-training?', 'cw:1', true, conversationId, null);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    const list = await events(streamed.data as Readable);
    expect(list.at(-1)!.event).toBe('message_end');
    expect(list.every((e) => e.conversation_id === conversationId)).toBe(true);

    const history = await client.getConversationMessages('cw:1', conversationId, null, null);
    expect(history.data.data.map((m: { query: string }) => m.query)).toEqual(['attention transformer', 'and BERT pre-training?']);
    const conversations = await client.getConversations('cw:1', null, null, null);
    expect(conversations.data.data[0].id).toBe(conversationId);
    const renamed = await client.renameConversation(conversationId, 'Transformers', 'cw:1');
    expect(renamed.data.name).toBe('Transformers');
    expect((await client.messageFeedback(blocking.data.message_id, 'like' as never, 'cw:1')).data).toEqual({ result: 'success' });
    expect((await client.deleteConversation(conversationId, 'cw:1')).status).toBe(204);
  });

  it('advanced-chat (chatflow): info, blocking and streaming with workflow and node events, history, conversations', async () => {
    const client = new ChatClient(h.key('cited-answer'), base);
    expect((await client.getApplicationParameters('cw:2')).data.file_upload.enabled).toBe(false);
    // The client has no call of its own for /info: its generic request.
    expect((await client.sendRequest('GET', '/info', null, { user: 'cw:2' })).data.mode).toBe('advanced-chat');
    const blocking = await client.createChatMessage({}, 'attention transformer', 'cw:2', false, null, null);
    expect(blocking.data).toMatchObject({ event: 'message', mode: 'advanced-chat' });
    expect(blocking.data.metadata.retriever_resources[0].document_id).toBe('arXiv:1706.03762');
    const conversationId = blocking.data.conversation_id as string;
    const list = await events((await client.createChatMessage({}, 'and BERT pre-training?', 'cw:2', true, conversationId, null)).data as Readable);
    const order = list.map((e) => e.event);
    expect(order[0]).toBe('workflow_started');
    expect(order.filter((e) => e === 'node_started')).toHaveLength(6);
    expect(order.filter((e) => e === 'node_finished')).toHaveLength(6);
    expect(order).toContain('message');
    expect(order.slice(-2)).toEqual(['workflow_finished', 'message_end']);
    // Dify's workflow_id is the workflow version's UUID, the same in both events.
    const started = list.find((e) => e.event === 'workflow_started') as unknown as { data: { workflow_id: string } };
    expect(started.data.workflow_id).toMatch(UUID);
    expect(list.find((e) => e.event === 'workflow_finished')).toMatchObject({ data: { workflow_id: started.data.workflow_id } });
    expect(list.every((e) => e.conversation_id === conversationId)).toBe(true);
    const history = await client.getConversationMessages('cw:2', conversationId, null, null);
    expect(history.data.data.map((m: { query: string }) => m.query)).toEqual(['attention transformer', 'and BERT pre-training?']);
    expect((await client.getConversations('cw:2', null, null, null)).data.data[0].id).toBe(conversationId);
  });

  it('completion: blocking and streaming', async () => {
    const client = new CompletionClient(h.key('abstract-writer'), base);
    const blocking = await client.createCompletionMessage({ query: 'notes about results' }, 'cw:1', false, null);
    expect(blocking.data.answer).toBe('Echo: notes about results');
    const list = await events((await client.createCompletionMessage({ query: 'more notes' }, 'cw:1', true, null)).data as Readable);
    expect(
      list
        .filter((e) => e.event === 'message')
        .map((e) => e.answer)
        .join(''),
    ).toBe('Echo: more notes');
    expect(list.at(-1)!.event).toBe('message_end');
  });

  it('workflow: blocking and streaming', async () => {
    // runWorkflow exists in the published JS but not in its .d.ts.
    const client = new CompletionClient(h.key('literature-review'), base) as CompletionClient & {
      runWorkflow(
        inputs: Record<string, unknown>,
        user: string,
        stream?: boolean,
      ): Promise<{ data: { data: { status: string; workflow_id: string } } & Readable }>;
    };
    const blocking = await client.runWorkflow({ topic: 'deep learning' }, 'cw:1', false);
    expect(blocking.data.data.status).toBe('succeeded');
    // The workflow version's UUID (clients store it as one), stable from run to run and in the streamed events.
    const versionId = blocking.data.data.workflow_id;
    expect(versionId).toMatch(UUID);
    const list = await events((await client.runWorkflow({ topic: 'deep learning' }, 'cw:1', true)).data);
    expect(list[0]).toMatchObject({ event: 'workflow_started', data: { workflow_id: versionId } });
    expect(list.at(-1)).toMatchObject({ event: 'workflow_finished', data: { status: 'succeeded', workflow_id: versionId } });
  });

  it('uploads a file and reports Dify errors as AxiosErrors with the Dify body', async () => {
    const client = new DifyClient(h.key('paper-chat'), base);
    const form = new FormData();
    form.append('file', new Blob(['# notes\nhello'], { type: 'text/markdown' }), 'notes.md');
    form.append('user', 'cw:1');
    const uploaded = await client.fileUpload(form);
    expect(uploaded.status).toBe(201);
    expect(uploaded.data).toMatchObject({ name: 'notes.md', extension: 'md', size: 13, created_by: 'cw:1' });

    const bad = new FormData();
    bad.append('file', new Blob(['MZ']), 'tool.exe');
    await expect(client.fileUpload(bad)).rejects.toMatchObject({ response: { status: 415, data: { code: 'unsupported_file_type' } } });
    const wrongKey = new ChatClient('app-unknown', base);
    await expect(wrongKey.getApplicationParameters('cw:1')).rejects.toMatchObject({ response: { status: 401, data: { code: 'unauthorized' } } });
  });
});
