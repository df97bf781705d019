// A small, real OpenAI-protocol server for tests (vitest and Playwright's webServer): `POST /v1/chat/completions`
// streamed or not, `GET /v1/models`. Answers are derived from the prompt, so tests can assert them:
//
//   plain question              → "Echo: <question>"
//   a system prompt with "Sources:" and numbered entries [n] → an answer citing every entry by its marker
//   a system prompt with <library_paper> blocks → one line per paper: its title, cited with the page and first words
//                               of the last page its PDF text marks (`[page N]`), or by title alone without marks
//   a title / suggestions / query-planning request → "Title: …" / three questions / the topic and a variant
//   a search-query translation ("Translate the search query …") → the query's entry in the server's fixed table
//                               (TRANSLATIONS, plus the `translations` option), or the query unchanged when it has none
// Directives in the last user message pick a failure: `#status=503` (JSON error before streaming),
// `#midstream-error` (an error event after two chunks), `#drop` (connection cut after two chunks), `#hang` (one
// chunk, then silence), `#mute` (the stream opens and no chunk ever comes), `#slow` (a long answer, `slowMs` between chunks), `#nousage` (no usage chunk),
// `#cite-bogus` (cites [42], which no source has, and writes an invented reference), `#cite-authors` (cites by
// author and year: the first source's first author and year, and an invented pair).
//
//   npx tsx platform/ai/test/openai-test-server.ts --port 4010   # prints the base URL (…/v1)
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
interface ChatMessage {
  role: string;
  content: string | ContentPart[];
}
interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface OpenAiTestServer {
  /** Base URL to use as LLM_BASE_URL, ending in /v1. */
  url: string;
  port: number;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Streams whose client went away before the answer ended (a cancelled model call). */
  cancelled: number;
  /** Resolves when the next stream is cancelled by its client. */
  nextCancel(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenAiTestServerOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  slowMs?: number;
  /** Search-query translations the server answers with, beside TRANSLATIONS (query → its translation). */
  translations?: Record<string, string>;
  /**
   * Counts a text's tokens for the reported usage, e.g. a real BPE tokenizer where a test compares an estimate with
   * what a hosted model would bill; the prompt then also counts OpenAI's few tokens of framing per message. Without
   * it, a token is a whitespace-separated word (enough for tests that only follow the figures through).
   */
  countTokens?: (text: string) => number;
  /**
   * `restating`: answers as long as a model's, where a test compares sizes: a cited answer (or a review) restates
   * each numbered source's passages in a sentence citing it, and a chat about pasted text quotes its first three
   * sentences. The default answers are a line, enough for tests that follow the text through.
   */
  answers?: 'short' | 'restating';
}

/** The fixed translation table: a search query → the query in the other language. */
export const TRANSLATIONS: Record<string, string> = {
  糖酵解: 'glycolysis',
  乳腺癌的糖酵解: 'glycolysis in breast cancer',
  注意力机制: 'attention mechanism',
  'attention mechanism': '注意力机制',
  'neural machine translation': '神经机器翻译',
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** A message's text; image parts (vision requests) are left out. */
export const textOf = (m: ChatMessage | undefined) =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');

/** The deterministic answer for a conversation (exported so tests can compute the expected text). */
export function answerFor(messages: ChatMessage[], translations: Record<string, string> = TRANSLATIONS, answers: 'short' | 'restating' = 'short'): string {
  const system = textOf(messages.find((m) => m.role === 'system'));
  const question = textOf([...messages].reverse().find((m) => m.role === 'user'));
  const clean = question.replace(/#[\w=-]+/g, '').trim();
  if (/^Translate the search query/.test(system)) return translations[clean] ?? TRANSLATIONS[clean] ?? clean;
  if (/short title/i.test(system)) return `Title: ${words(clean).slice(0, 5).join(' ')}`;
  if (/search queries/i.test(system)) return `${clean}\n${words(clean).slice(0, 2).join(' ')} survey`;
  if (/follow-up questions/i.test(system))
    return `What else about ${words(clean.replace(/^Question:\s*/, ''))
      .slice(0, 3)
      .join(' ')}?\nWhy does it matter?\nWhat are the limits?`;
  if (/#slow/.test(question)) return Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const markers = [...system.matchAll(/^\[(\d+)\] /gm)].map((m) => `[${m[1]}]`);
  if (/#cite-bogus/.test(question)) {
    return `Evidence for "${clean}" is in [1] and also in [42].\n\nReferences\n[1] ${/^\[1\] (.+?) \(/m.exec(system)?.[1] ?? 'Unknown'}\n[2] Zyxwv Qponm. Imaginary results on nonexistent phenomena. Journal of Nowhere, 1999.`;
  }
  if (/#cite-authors/.test(question)) {
    const first = /^\[1\] .+? \((?:\S+ )*?(\S+?)[,;].*?; (\d{4})/m.exec(system);
    const real = first ? `(${first[1]} et al., ${first[2]})` : '(Unknown et al., 2000)';
    return `The evidence for "${clean}" is ${real} [1], while Zyxwv and Qponm (1999) claim the opposite.`;
  }
  if (answers === 'restating') {
    const restated = restatingAnswer(system, question);
    if (restated) return restated;
  }
  const papers = [...system.matchAll(/<library_paper[^>]*>\nTitle: (.+)\n([\s\S]*?)<\/library_paper>/g)];
  if (papers.length) return `Answer to "${clean}":\n${papers.map(([, title, body]) => `- ${paperLine(title!, body!)}`).join('\n')}`;
  if (/Sources:/.test(system)) return markers.length ? `Answer to "${clean}": the evidence is in ${markers.join(' and ')}.` : `No sources answer "${clean}".`;
  return `Echo: ${clean}`;
}

/** Each source's passages (the line after its `[n] title (meta)` line) with its marker; or the start of the pasted or attached text. */
function restatingAnswer(system: string, question: string): string | null {
  const sources = [...system.matchAll(/^\[(\d+)\] .*\n(.+)$/gm)].map(([, n, passages]) => `${passages!.trim()} [${n}]`);
  if (sources.length) return sources.join('\n\n');
  const read = /\nPasted paper:\n([\s\S]+)$/.exec(system)?.[1]?.trim() || /<attached_file[^>]*>\n([\s\S]*?)\n<\/attached_file>/.exec(question)?.[1]?.trim();
  if (read) return (read.match(/[^.!?。！？]+[.!?。！？]?/g) ?? []).slice(0, 3).join('').trim();
  return null;
}

function paperLine(title: string, body: string): string {
  const pages = [...body.matchAll(/\[page (\d+)\]\n(.*)/g)];
  const last = pages.at(-1);
  if (!last) return `${title} (${title})`;
  return `${title} says "${words(last[2]!).slice(0, 6).join(' ')}" (${title}, p. ${last[1]})`;
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null, usage: unknown = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    usage,
  };
}

type TokenCounter = ((text: string) => number) | undefined;

async function handleChat(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: ChatRequest,
  server: OpenAiTestServer,
  slowMs: number,
  translations: Record<string, string>,
  countTokens: TokenCounter,
  answers: 'short' | 'restating' = 'short',
) {
  const question = textOf([...body.messages].reverse().find((m) => m.role === 'user'));
  const status = /#status=(\d{3})/.exec(question);
  if (status) {
    res.writeHead(Number(status[1]), { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Test server failure ${status[1]}`, type: 'server_error', code: 'test_failure' } }));
    return;
  }
  if (/#hang/.test(question) && !body.stream) return; // a blocking answer that never comes
  const answer = answerFor(body.messages, translations, answers);
  const pieces = answer.split(/(?<=\s)/);
  // OpenAI's chat format adds about 3 tokens per message and 3 to prime the answer.
  const prompt = countTokens
    ? body.messages.reduce((sum, m) => sum + countTokens(textOf(m)) + 3, 3)
    : body.messages.reduce((sum, m) => sum + words(textOf(m)).length, 0);
  const completion = countTokens ? countTokens(answer) : pieces.length;
  const usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let finished = false;
  res.on('close', () => {
    if (!finished) server.cancelled++;
  });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  if (/#mute/.test(question)) return;
  send(chunk(body.model, { role: 'assistant', content: '' }, null));
  for (const [i, piece] of pieces.entries()) {
    if (res.destroyed) return;
    if (i === 2 && /#midstream-error/.test(question)) {
      send({ error: { message: 'Test server failed mid-stream', type: 'server_error' } });
      finished = true;
      res.end();
      return;
    }
    if (i === 2 && /#drop/.test(question)) {
      finished = true;
      req.socket.destroy();
      return;
    }
    if (i === 1 && /#hang/.test(question)) return;
    send(chunk(body.model, { content: piece }, null));
    if (/#slow/.test(question)) await new Promise((resolve) => setTimeout(resolve, slowMs));
  }
  send(chunk(body.model, {}, 'stop'));
  if (body.stream_options?.include_usage && !/#nousage/.test(question)) send({ ...chunk(body.model, {}, null, usage), choices: [] });
  res.write('data: [DONE]\n\n');
  finished = true;
  res.end();
}

export async function startOpenAiTestServer(options: OpenAiTestServerOptions = {}): Promise<OpenAiTestServer> {
  const slowMs = options.slowMs ?? 20;
  const state = { requests: [] as ChatRequest[], cancelled: 0, waiters: [] as Array<() => void> };
  const server = http.createServer(async (req, res) => {
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model', owned_by: 'citewise' }] }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' } }));
      return;
    }
    const raw: Buffer[] = [];
    for await (const part of req) raw.push(part as Buffer);
    const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as ChatRequest;
    state.requests.push(body);
    await handleChat(req, res, body, handle, slowMs, { ...TRANSLATIONS, ...options.translations }, options.countTokens, options.answers);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const handle: OpenAiTestServer = {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    get requests() {
      return state.requests;
    },
    get cancelled() {
      return state.cancelled;
    },
    set cancelled(value: number) {
      state.cancelled = value;
      state.waiters.splice(0).forEach((resolve) => resolve());
    },
    nextCancel: () => new Promise<void>((resolve) => state.waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return handle;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*[\\/]/, '/'))) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 0;
  const server = await startOpenAiTestServer({ port, apiKey: process.env.LLM_TEST_SERVER_KEY || undefined });
  console.log(server.url);
}
