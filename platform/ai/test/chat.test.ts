import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { readEvents, startAi, type Harness } from './harness';

let llm: OpenAiTestServer;
let h: Harness;
beforeAll(async () => {
  llm = await startOpenAiTestServer();
  h = await startAi({ LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'k' });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

describe('POST /chat-messages', () => {
  it('answers blocking with Dify fields, usage from the model, and a new conversation', async () => {
    const res = await h.call('paper-chat', '/chat-messages', {
      body: { query: 'What is the method?', inputs: { paper: 'A paper about X.' }, user: 'u1', response_mode: 'blocking' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ event: 'message', mode: 'chat', answer: 'Echo: What is the method?' });
    expect(body.id).toBe(body.message_id);
    expect(body.metadata.usage.total_tokens).toBe(body.metadata.usage.prompt_tokens + body.metadata.usage.completion_tokens);
    expect(body.metadata.usage.estimated).toBe(false);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain('A paper about X.');
    const history = await (await h.call('paper-chat', `/messages?user=u1&conversation_id=${body.conversation_id}`)).json();
    expect(history.data[0]).toMatchObject({ id: body.id, query: 'What is the method?', answer: body.answer, message_files: [] });
  });

  it('streams message chunks, then message_end last, and continues the conversation with memory', async () => {
    const first = await readEvents(
      await h.call('paper-chat', '/chat-messages', { body: { query: 'one two three', inputs: { paper: 'P' }, user: 'u1', response_mode: 'streaming' } }),
    );
    const chunks = first.filter((e) => e.event === 'message');
    expect(chunks.map((e) => e.answer).join('')).toBe('Echo: one two three');
    expect(first.at(-1)!.event).toBe('message_end');
    const conversationId = first.at(-1)!.conversation_id as string;
    expect(chunks.every((e) => e.conversation_id === conversationId && e.id === e.message_id && e.task_id)).toBe(true);

    const second = await (
      await h.call('paper-chat', '/chat-messages', { body: { query: 'four', inputs: {}, user: 'u1', conversation_id: conversationId } })
    ).json();
    expect(second.conversation_id).toBe(conversationId);
    const sent = llm.requests.at(-1)!.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('turns a model failure into completion_request_error (blocking) and an error event (streaming)', async () => {
    const blocking = await h.call('paper-chat', '/chat-messages', { body: { query: 'q #status=503', inputs: { paper: 'P' }, user: 'u1' } });
    expect(blocking.status).toBe(400);
    expect(await blocking.json()).toMatchObject({ code: 'completion_request_error', status: 400 });
    for (const directive of ['#midstream-error', '#drop']) {
      const events = await readEvents(
        await h.call('paper-chat', '/chat-messages', {
          body: { query: `a b c d ${directive}`, inputs: { paper: 'P' }, user: 'u1', response_mode: 'streaming' },
        }),
      );
      expect(events.at(-1)).toMatchObject({ event: 'error', code: 'completion_request_error', status: 400 });
      expect(events.at(-1)!.message_id).toBeTruthy();
    }
  });

  it('rejects bad input with invalid_param and unknown conversations with not_found', async () => {
    const noUser = await h.call('paper-chat', '/chat-messages', { body: { query: 'q', inputs: { paper: 'P' } } });
    expect(await noUser.json()).toMatchObject({ code: 'invalid_param', status: 400 });
    // Nothing is required (library papers or an attached file suffice), but a field keeps its length limit.
    const longPaper = await h.call('paper-chat', '/chat-messages', { body: { query: 'q', inputs: { paper: 'x'.repeat(60_001) }, user: 'u1' } });
    expect((await longPaper.json()).message).toContain('paper in input form must be less than 60000 characters');
    const badMode = await h.call('paper-chat', '/chat-messages', { body: { query: 'q', inputs: { paper: 'P' }, user: 'u1', response_mode: 'fast' } });
    expect(badMode.status).toBe(400);
    const unknown = await h.call('paper-chat', '/chat-messages', { body: { query: 'q', inputs: {}, user: 'u1', conversation_id: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'not_found', message: 'Conversation Not Exists.', status: 404 });
    const wrongRoute = await h.call('academic-polish', '/chat-messages', { body: { query: 'q', inputs: {}, user: 'u1' } });
    expect(await wrongRoute.json()).toMatchObject({ code: 'not_chat_app' });
  });

  it('answers 401 with WWW-Authenticate without a valid key', async () => {
    const res = await h.service.fetch(new Request(`http://x/platform/ai/v1/info`, { headers: { authorization: 'Bearer app-wrong' } }));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await res.json()).toEqual({ code: 'unauthorized', message: 'Access token is invalid', status: 401 });
  });
});
