// The model side: any OpenAI-compatible server through the `openai` client, always streamed (blocking answers
// are assembled from the stream). Failures become Dify's `completion_request_error`.
import OpenAI from 'openai';
import type { ModelSettings } from '../config';
import { DifyError } from '../errors';

/** A part of a user message: text, or an image (a data URL) for models that read images. */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export type ChatTurn = { role: 'system' | 'assistant'; content: string } | { role: 'user'; content: string | ContentPart[] };

/** The text of a message, without its images. */
export const turnText = (turn: ChatTurn) =>
  typeof turn.content === 'string' ? turn.content : turn.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

export interface ModelUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** True when the server sent no usage and the counts are estimated from the text. */
  estimated: boolean;
}

export type ModelEvent = { type: 'delta'; text: string } | { type: 'done'; usage: ModelUsage; finishReason: string | null };

/** Roughly four characters a token, for servers that report no usage. */
export const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `Model request failed${error.status ? ` (${error.status})` : ''}: ${error.message}`;
  if (error instanceof Error) return `Model request failed: ${error.message}`;
  return 'Model request failed';
}

const clients = new Map<string, OpenAI>();
function clientFor(settings: ModelSettings): OpenAI {
  const id = `${settings.baseUrl}\n${settings.apiKey}`;
  let client = clients.get(id);
  if (!client) {
    // No retries: a retried stream would repeat text already sent to the caller.
    client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey, maxRetries: 0 });
    clients.set(id, client);
  }
  return client;
}

/**
 * Streams one chat completion. `timeoutMs` bounds the wait for each chunk (the first included), so a server that
 * stalls mid-stream ends the answer with an error instead of hanging it. Aborting `signal` cancels the request.
 */
export async function* streamChat(
  settings: ModelSettings,
  turns: ChatTurn[],
  options: { signal: AbortSignal; timeoutMs: number; maxTokens?: number; temperature?: number },
): AsyncGenerator<ModelEvent> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = () =>
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new DifyError(400, 'completion_request_error', `Model request timed out: no answer within ${options.timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, options.timeoutMs);
    });
  let text = '';
  let usage: OpenAI.CompletionUsage | null = null;
  let finishReason: string | null = null;
  try {
    const stream = await Promise.race([
      clientFor(settings).chat.completions.create(
        {
          model: settings.model,
          messages: turns,
          stream: true,
          stream_options: { include_usage: true },
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
          ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        },
        { signal: controller.signal },
      ),
      deadline(),
    ]);
    clearTimeout(timer);
    const iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await Promise.race([iterator.next(), deadline()]);
      clearTimeout(timer);
      if (next.done) break;
      const chunk = next.value;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      const delta = choice?.delta?.content;
      if (delta) {
        text += delta;
        yield { type: 'delta', text: delta };
      }
    }
  } catch (error) {
    // A stop or a disconnect: the answer so far stands, and its usage is estimated.
    if (options.signal.aborted) finishReason = 'stopped';
    else if (error instanceof DifyError) throw error;
    else throw new DifyError(400, 'completion_request_error', describe(error));
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
  if (options.signal.aborted) finishReason = 'stopped';
  const prompt = usage?.prompt_tokens ?? estimateTokens(turns.map(turnText).join('\n'));
  const completion = usage?.completion_tokens ?? estimateTokens(text);
  yield { type: 'done', finishReason, usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, estimated: !usage } };
}

/** A whole (short) answer, for titles and suggestions. */
export async function completeText(
  settings: ModelSettings,
  turns: ChatTurn[],
  options: { signal: AbortSignal; timeoutMs: number; maxTokens?: number },
): Promise<string> {
  let text = '';
  for await (const event of streamChat(settings, turns, options)) if (event.type === 'delta') text += event.text;
  return text.trim();
}
