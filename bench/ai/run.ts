// Time to first token of a streamed chat answer through the product's proxy (/api/ai/dify), next to the same call
// made straight to the embedded runtime (/platform/ai/v1, same server) and next to the model server alone, in one
// run, interleaved; then many streams held open at once through the proxy.
//
//   npm run bench:ai [-- --samples 200 --streams 200 --port 3300]
//
// Starts the product as `npm start` does (building first when the sources changed) in a temporary data directory,
// with the OpenAI-protocol test server as its model. The proxy's share is its p50 minus the runtime's. The check that
// the session has not ended (signed out everywhere, a suspended or deleted account) is timed by the proxy itself
// (Server-Timing `check`), so each proxied sample is also shown without it: with and without, from the same requests.
// `--redis URL` keeps the check's answers in Redis (REDIS_URL) instead of the server's memory.
import { parseArgs } from 'node:util';
import { startOpenAiTestServer } from '@citewise/platform-ai/test-server';
import { signedInCookies, startProduct } from './product-server';
import { percentiles, readEvents, timeToFirstToken, type SseEvent } from './sse';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '200' },
    streams: { type: 'string', default: '200' },
    port: { type: 'string', default: '3300' },
    redis: { type: 'string' },
  },
});
const samples = Number(values.samples);
const streams = Number(values.streams);
const WARM_UP = 20;
// Each account's plan allows 100 AI messages a month; the bench moves on to a new account before that.
const MESSAGES_PER_ACCOUNT = 90;

// 400 words, 150 ms apart: each held stream lasts about a minute, long enough for all of them to be open together.
const llm = await startOpenAiTestServer({ slowMs: 150 });
const product = await startProduct(Number(values.port), llm.url, values.redis ? { REDIS_URL: values.redis } : {});
try {
  // Made before measuring (sign-up hashes a password): every AI message through the proxy takes the next account's turn.
  const accounts: string[] = [];
  const needed = Math.ceil((WARM_UP + samples + streams + 1) / MESSAGES_PER_ACCOUNT);
  while (accounts.length < needed) accounts.push(await signedInCookies(product.origin, accounts.length));
  let proxied = 0;
  const cookies = async () => accounts[Math.floor(proxied++ / MESSAGES_PER_ACCOUNT)]!;
  const key = (await product.appKeys())['paper-chat'];
  // No titles: each would be one more model call running behind the next sample.
  const ask = (query: string) =>
    JSON.stringify({ query, inputs: { paper: 'A short paper.' }, response_mode: 'streaming', auto_generate_name: false, user: 'bench' });
  const json = { 'content-type': 'application/json' };
  const isAnswer = (event: SseEvent) => event.event === 'message' && typeof event.answer === 'string' && event.answer !== '';

  /** The proxy's own time before the runtime sees each request (and parts of it), from its Server-Timing header. */
  const proxyOwn: Record<'session' | 'check' | 'quota' | 'proxy', number[]> = { session: [], check: [], quota: [], proxy: [] };
  /** Each proxied sample's time to first token, beside the session check's share of it (same index). */
  const proxiedTtft: number[] = [];
  const targets = {
    'model server alone (OpenAI test server)': () =>
      timeToFirstToken(
        () =>
          fetch(`${llm.url}/chat/completions`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'How fast?' }] }),
          }),
        (event) => Boolean((event.choices as { delta?: { content?: string } }[] | undefined)?.[0]?.delta?.content),
      ),
    'platform/ai directly (/platform/ai/v1)': () =>
      timeToFirstToken(
        () =>
          fetch(`${product.origin}/platform/ai/v1/chat-messages`, {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${key}` },
            body: ask('How fast?'),
          }),
        isAnswer,
      ),
    'product proxy (/api/ai/dify)': async () => {
      const cookie = await cookies();
      return timeToFirstToken(async () => {
        const response = await fetch(`${product.origin}/api/ai/dify/chat-messages?appid=paper-chat`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: ask('How fast?'),
        });
        const timing = response.headers.get('server-timing') ?? '';
        for (const [name, list] of Object.entries(proxyOwn)) list.push(Number(new RegExp(`${name};[^,]*dur=([\\d.]+)`).exec(timing)?.[1] ?? NaN));
        return response;
      }, isAnswer);
    },
  };
  const results = new Map<string, number[]>(Object.keys(targets).map((name) => [name, []]));
  const order = Object.entries(targets);
  for (let i = 0; i < WARM_UP + samples; i++) {
    // A new order each round, so no path always follows the same one.
    order.sort(() => Math.random() - 0.5);
    for (const [name, measure] of order) {
      const ms = await measure();
      if (i >= WARM_UP) results.get(name)!.push(ms);
      if (i >= WARM_UP && name === 'product proxy (/api/ai/dify)') proxiedTtft.push(ms);
    }
  }

  console.log(`\nTime to first token, ${samples} streamed chat answers each, interleaved (ms)\n`);
  console.log('path'.padEnd(44), 'p50'.padStart(8), 'p90'.padStart(8), 'p99'.padStart(8));
  const p50 = new Map<string, number>();
  for (const [name, list] of results) {
    const figures = percentiles(list);
    p50.set(name, figures.p50);
    console.log(name.padEnd(44), figures.p50.toFixed(2).padStart(8), figures.p90.toFixed(2).padStart(8), figures.p99.toFixed(2).padStart(8));
  }
  const direct = p50.get('platform/ai directly (/platform/ai/v1)')!;
  const proxy = p50.get('product proxy (/api/ai/dify)')!;
  console.log(`\nthe proxy adds ${(proxy - direct).toFixed(2)} ms at p50 end to end (the difference of two noisy figures)`);
  console.log("\nthe proxy's own time before the runtime sees a request (Server-Timing, ms)");
  for (const [name, list] of Object.entries(proxyOwn)) {
    const figures = percentiles(list.slice(WARM_UP));
    const labels: Record<string, string> = {
      proxy: 'all of it (goal < 2 ms at p50)',
      session: 'session (getClaims and the check)',
      check: '  the check alone (goal < 1 ms at p50)',
      quota: 'quota check (remembered, or one query)',
    };
    const label = labels[name]!;
    console.log(`  ${label.padEnd(42)} ${figures.p50.toFixed(2).padStart(8)} ${figures.p90.toFixed(2).padStart(8)} ${figures.p99.toFixed(2).padStart(8)}`);
  }
  // The check runs before anything else reaches the runtime, so without it each request's first token would have
  // come that much sooner; both columns are the same requests.
  const checks = proxyOwn.check.slice(WARM_UP);
  const withCheck = percentiles(proxiedTtft);
  const withoutCheck = percentiles(proxiedTtft.map((ms, i) => ms - (checks[i] ?? 0)));
  console.log(
    `\ntime to first token through the proxy, the same ${proxiedTtft.length} requests (ms, ${values.redis ? 'answers kept in Redis' : 'answers kept in memory'})`,
  );
  console.log(
    `  ${'with the session check'.padEnd(42)} ${withCheck.p50.toFixed(2).padStart(8)} ${withCheck.p90.toFixed(2).padStart(8)} ${withCheck.p99.toFixed(2).padStart(8)}`,
  );
  console.log(
    `  ${'without it (minus its own time)'.padEnd(42)} ${withoutCheck.p50.toFixed(2).padStart(8)} ${withoutCheck.p90.toFixed(2).padStart(8)} ${withoutCheck.p99.toFixed(2).padStart(8)}`,
  );
  const own = percentiles(checks);
  console.log(
    `  the check's own time per request: p50 ${own.p50.toFixed(3)} ms (goal < 1 ms); the p50s above differ by ${(withCheck.p50 - withoutCheck.p50).toFixed(3)} ms`,
  );

  // Held streams: all opened at once, each must deliver its first token and end with message_end.
  let open = 0;
  let mostOpen = 0;
  let errors = 0;
  let completed = 0;
  const started = performance.now();
  const held = Array.from({ length: streams }, async () => {
    const cookie = await cookies();
    let counted = false;
    let ended = false;
    try {
      const response = await fetch(`${product.origin}/api/ai/dify/chat-messages?appid=paper-chat`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: ask('Tell me everything #slow'),
      });
      if (!response.ok) throw new Error(`answered ${response.status}: ${await response.text()}`);
      await readEvents(response, (event) => {
        if (!counted && isAnswer(event)) {
          counted = true;
          mostOpen = Math.max(mostOpen, ++open);
        }
        if (event.event === 'error') throw new Error(`error event: ${JSON.stringify(event)}`);
        if (event.event === 'message_end') ended = true;
      });
      if (!ended) throw new Error('the stream ended without message_end');
      completed++;
    } catch (error) {
      errors++;
      if (errors <= 3) console.error('stream failed:', error);
    } finally {
      if (counted) open--;
    }
  });
  await Promise.all(held);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${streams} concurrent streams through the proxy: ${mostOpen} open at once, ${completed} completed, ${errors} errors in ${seconds.toFixed(1)} s (goal ≥ 200 held, 0 errors)`,
  );

  // A browser that goes away mid-answer: the proxy must stop the runtime, which cancels the model call.
  const cancelledBefore = llm.cancelled;
  const aborter = new AbortController();
  const abandoned = await fetch(`${product.origin}/api/ai/dify/chat-messages?appid=paper-chat`, {
    method: 'POST',
    headers: { ...json, cookie: await cookies() },
    body: ask('Leave me #hang'),
    signal: aborter.signal,
  });
  await readEvents(abandoned, isAnswer).catch(() => {});
  aborter.abort();
  const deadline = performance.now() + 10_000;
  while (llm.cancelled === cancelledBefore && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`a stream abandoned by its browser: the model call was ${llm.cancelled > cancelledBefore ? 'cancelled' : 'NOT cancelled within 10 s'}`);
  console.log(`(${accounts.length} accounts on the Free plan)\n`);
} finally {
  await product.stop();
  await llm.close();
}
