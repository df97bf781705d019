// Two instances of the runtime on one database, as behind a load balancer: a stop that reaches the instance not
// running the task still stops it, through Redis pub/sub (REDIS_URL), and only for the task's own user.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiService, loadAiConfig, type AiService } from '../src/index';
import { redisStopBus, TaskRegistry } from '../src/stream/tasks';
import { BASE, eachEvent, startAi, type Harness } from './harness';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server';
import { testRedis } from '@citewise/db/testing';

const { url: redisUrl, up: redisUp } = await testRedis('the stop-across-instances tests');

describe.runIf(redisUp)('stop across instances', () => {
  // Each run its own channel: parallel test runs on one Redis must not stop each other's tasks.
  const channel = `citewise:test:ai-stop:${randomUUID()}`;
  let llm: OpenAiTestServer;
  let a: Harness;
  let b: AiService;

  beforeAll(async () => {
    llm = await startOpenAiTestServer({ slowMs: 5 });
    const env = { LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000' };
    a = await startAi(env, { stopBus: redisStopBus(redisUrl, channel) });
    b = await createAiService({
      db: a.database.db,
      config: loadAiConfig({ AI_SSE_PING_SECONDS: '1', ...env }),
      keys: a.service.keys,
      basePath: '/platform',
      stopBus: redisStopBus(redisUrl, channel),
    });
    await Promise.all([a.service.context.tasks.ready(), b.context.tasks.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.service.close();
    await a?.close();
    await llm?.close();
  });

  const stopOnB = (taskId: string, user: string) =>
    b.fetch(
      new Request(`${BASE}/chat-messages/${taskId}/stop`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.key('paper-chat')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user }),
      }),
    );

  it('a stop sent to the other instance ends the stream, keeping the partial answer; another user’s stop does nothing', async () => {
    const response = await a.call('paper-chat', '/chat-messages', {
      body: { query: 'long #slow', inputs: { paper: 'P' }, user: 'stopper', response_mode: 'streaming' },
    });
    const seen = [];
    let stopped = false;
    for await (const event of eachEvent(response)) {
      seen.push(event);
      if (event.event === 'message' && !stopped) {
        stopped = true;
        expect(await (await stopOnB(event.task_id as string, 'someone-else')).json()).toEqual({ result: 'success' });
        expect(await (await stopOnB(event.task_id as string, 'stopper')).json()).toEqual({ result: 'success' });
      }
    }
    expect(seen.at(-1)!.event).toBe('message_end');
    const partial = seen
      .filter((e) => e.event === 'message')
      .map((e) => e.answer)
      .join('');
    // The whole answer is over 400 words; stopped early, far fewer arrived.
    expect(partial.split(' ').length).toBeLessThan(400);
    expect(a.service.context.tasks.size).toBe(0);
  });

  it('a registry without a bus stops only its own tasks; with one, the owner’s stop reaches the task wherever it runs', async () => {
    const alone = new TaskRegistry();
    const here = new TaskRegistry(redisStopBus(redisUrl, channel));
    const there = new TaskRegistry(redisStopBus(redisUrl, channel));
    await Promise.all([here.ready(), there.ready()]);
    const task = there.start('t1', 'paper-chat', 'owner');
    const marker = there.start('t2', 'paper-chat', 'owner');
    // The subscriber may hear a stop before the publisher hears Redis's reply to PUBLISH, so the signal can be
    // aborted already when this is called: an `abort` listener added then would never fire.
    const aborted = (signal: AbortSignal) =>
      new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve, { once: true })));
    await alone.stop('t1', 'paper-chat', 'owner');
    await here.stop('t1', 'paper-chat', 'intruder');
    await here.stop('t1', 'other-app', 'owner');
    // Messages of one publisher arrive in order: once the marker's stop has arrived, so have the two before it.
    await here.stop('t2', 'paper-chat', 'owner');
    await aborted(marker.signal);
    expect(task.signal.aborted).toBe(false);
    await here.stop('t1', 'paper-chat', 'owner');
    await aborted(task.signal);
    expect(task.signal.aborted).toBe(true);
    await Promise.all([here.close(), there.close()]);
  });
});
