import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_MARK } from '../src/research/check-citations';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { readEvents, startAi, type Harness } from './harness';

describe('research assistant without a model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startAi();
  });
  afterAll(() => h.close());

  it('answers extractively: passages of the best papers, each cited and carried in retriever_resources', async () => {
    const res = await h.call('research', '/chat-messages', { body: { query: 'transformer attention mechanisms for translation', inputs: {}, user: 'u1' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.answer).toContain('not a generated summary');
    const resources = body.metadata.retriever_resources;
    expect(resources[0]).toMatchObject({ position: 1, document_id: 'arXiv:1706.03762', title: 'Attention Is All You Need', year: 2017, dataset_id: 'local' });
    expect(resources[0].authors).toContain('Ashish Vaswani');
    expect(resources[0].content).toContain('attention mechanisms');
    for (const r of resources) expect(body.answer).toContain(`[${r.position}]`);
    expect(body.metadata.usage.total_tokens).toBe(0);
    expect(body.metadata.answer_source).toBe('extractive_evidence');
    // The search log says what was asked of which source and what came back.
    const log = body.metadata.search_log;
    expect(log.queries).toEqual(['transformer attention mechanisms for translation']);
    expect(log.sources).toEqual([expect.objectContaining({ source: 'local', state: 'ok', returned: expect.any(Number), took_ms: expect.any(Number) })]);
    expect(log.sources[0].returned).toBeGreaterThanOrEqual(resources.length);
    expect(log.results).toBeGreaterThanOrEqual(resources.length);
    expect(Date.parse(log.searched_at)).not.toBeNaN();
  });

  it('answers in Chinese for a Chinese question and says when nothing was found', async () => {
    const zh = await (await h.call('research', '/chat-messages', { body: { query: '中文分词 深度学习', inputs: {}, user: 'u1' } })).json();
    expect(zh.answer).toContain('文献证据');
    expect(zh.metadata.retriever_resources[0].document_id).toBe('csl:zh-seg-0001');
    const none = await (await h.call('research', '/chat-messages', { body: { query: 'qwxzv plmokn', inputs: {}, user: 'u1' } })).json();
    expect(none.metadata.retriever_resources).toEqual([]);
    expect(none.answer).toContain('No papers');
  });

  it('refuses the writing and workflow apps with provider_not_initialize naming the variables', async () => {
    for (const [app, path, body] of [
      ['academic-polish', '/completion-messages', { inputs: { query: 'text' }, user: 'u1' }],
      ['literature-review', '/workflows/run', { inputs: { topic: 'x' }, user: 'u1' }],
      ['paper-chat', '/chat-messages', { query: 'q', inputs: { paper: 'p' }, user: 'u1', response_mode: 'streaming' }],
    ] as const) {
      const res = await h.call(app, path, { body });
      expect(res.status).toBe(400);
      const error = await res.json();
      expect(error.code).toBe('provider_not_initialize');
      expect(error.message).toContain('LLM_BASE_URL');
    }
  });
});

describe('research assistant with a model', () => {
  let llm: OpenAiTestServer;
  let h: Harness;
  beforeAll(async () => {
    llm = await startOpenAiTestServer();
    h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('gives the model numbered sources and returns the cited ones as retriever_resources', async () => {
    const events = await readEvents(
      await h.call('research', '/chat-messages', { body: { query: 'deep learning representations', inputs: {}, user: 'u1', response_mode: 'streaming' } }),
    );
    const end = events.at(-1)!;
    expect(end.event).toBe('message_end');
    const metadata = end.metadata as { retriever_resources: Array<{ position: number; document_id: string }>; citation_check: { flagged: unknown[] } };
    expect(metadata.retriever_resources.length).toBeGreaterThan(0);
    expect(metadata.retriever_resources.map((r) => r.document_id)).toContain('doi:10.1038/nature14539');
    expect(metadata.citation_check.flagged).toEqual([]);
    expect(end.metadata).not.toHaveProperty('answer_source');
    expect(end.metadata).toHaveProperty('search_log.queries', ['deep learning representations']);
    expect(events.some((e) => e.event === 'message_replace')).toBe(false);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('[1] ');
  });

  it('flags a marker and a reference that resolve to no retrieved paper, and replaces the answer', async () => {
    const events = await readEvents(
      await h.call('research', '/chat-messages', { body: { query: 'deep learning #cite-bogus', inputs: {}, user: 'u1', response_mode: 'streaming' } }),
    );
    const replace = events.find((e) => e.event === 'message_replace')!;
    expect(replace.answer).not.toContain('[42]');
    expect(replace.answer).toContain(UNVERIFIED_MARK);
    const end = events.at(-1)! as unknown as {
      conversation_id: string;
      metadata: { retriever_resources: Array<{ position: number }>; citation_check: { flagged: Array<{ reason: string; text: string }> } };
    };
    expect(end.metadata.citation_check.flagged.map((f) => f.reason).sort()).toEqual(['unknown_marker', 'unverified_reference']);
    expect(end.metadata.retriever_resources.map((r) => r.position)).toEqual([1]);
    // History keeps the checked answer, never the invented citation.
    const history = await (await h.call('research', `/messages?user=u1&conversation_id=${end.conversation_id}`)).json();
    expect(history.data[0].answer).toBe(replace.answer);
  });
});
