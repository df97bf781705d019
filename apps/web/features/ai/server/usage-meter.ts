import type { AiUsageFigures } from './record-ai-usage';

/** What an answer told about itself by the time it ended or was cut off. */
export type MeteredAnswer = {
  taskId: string | null;
  /** The runtime reported usage (`message_end`, a blocking answer's metadata, or `workflow_finished`). */
  usageSeen: boolean;
  /** The runtime reported a failure (an `error` event, or a failed workflow) and no usage. */
  failed: boolean;
  /** Something was generated: a piece of the answer, a finished step, or the end of the answer. */
  started: boolean;
  figures: AiUsageFigures;
};

type Usage = { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };

const EVENT_END = /\r?\n\r?\n/;
/** Events that may carry generated text (docs/protocols/dify.md §2): the answer has begun once one carried some. */
const PIECE = /"event"\s*:\s*"(message|agent_message|text_chunk)"/;
const hasText = (value: unknown) => typeof value === 'string' && value.length > 0;
const MAX_BLOCKING_BYTES = 4 * 1024 * 1024;
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

/**
 * Reads the runtime's answer as it passes through the proxy, without holding it back: the proxy hands every chunk
 * on first and shows it here afterwards. Streams are parsed by the SSE rules (events end at a blank line, a chunk
 * may end mid-event); only events that can matter are JSON-parsed, so long answers cost a string search per
 * event. A blocking answer is one JSON document, read when it is complete.
 */
export function createUsageMeter(streaming: boolean) {
  const decoder = new TextDecoder();
  let pending = '';
  let blockingBytes = 0;
  let overflow = false;
  const answer: MeteredAnswer = {
    taskId: null,
    usageSeen: false,
    failed: false,
    started: false,
    figures: { messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  };

  const takeUsage = (usage: Usage) => {
    answer.usageSeen = true;
    answer.figures.inputTokens = count(usage.prompt_tokens);
    answer.figures.outputTokens = count(usage.completion_tokens);
    answer.figures.totalTokens = count(usage.total_tokens) || answer.figures.inputTokens + answer.figures.outputTokens;
    // Output tokens are generated text, whether or not a piece of it passed here.
    if (answer.figures.outputTokens > 0) answer.started = true;
  };

  // A Chatflow sends workflow_finished before message_end: the message's split figures win over the total.
  const read = (event: Record<string, unknown>) => {
    if (!answer.taskId && typeof event.task_id === 'string') answer.taskId = event.task_id;
    const metadata = event.metadata as { usage?: Usage } | undefined;
    const data = event.data as { total_tokens?: unknown; status?: unknown } | undefined;
    if (metadata?.usage && (event.event === 'message_end' || event.event === 'message' || event.event === undefined)) takeUsage(metadata.usage);
    // A blocking workflow answer is the run itself, without an `event` field.
    else if ((event.event === 'workflow_finished' || (event.event === undefined && event.workflow_run_id)) && data && !answer.usageSeen) {
      // A failed run counts nothing; one that finished, or used tokens before it was stopped, has begun (not every
      // workflow streams text).
      if (data.status === 'failed') answer.failed = true;
      else {
        answer.figures.totalTokens = count(data.total_tokens);
        answer.usageSeen = true;
        if (data.status === 'succeeded' || answer.figures.totalTokens > 0) answer.started = true;
      }
    } else if (event.event === 'error') answer.failed = true;
  };

  const readEvent = (text: string) => {
    // Only until the first piece of text: afterwards the answer has begun, and most events are pieces.
    if (!answer.started && PIECE.test(text)) {
      for (const line of text.split(/\r?\n/)) {
        if (!line.startsWith('data:')) continue;
        try {
          const event = JSON.parse(line.slice(5)) as { answer?: unknown; data?: { text?: unknown } };
          if (hasText(event.answer) || hasText(event.data?.text)) answer.started = true;
        } catch {
          // Not JSON: no text.
        }
      }
    }
    if (answer.taskId && !/"(message_end|workflow_finished|error)"/.test(text)) return;
    for (const line of text.split(/\r?\n/)) {
      if (!line.startsWith('data:')) continue;
      try {
        const event: unknown = JSON.parse(line.slice(5));
        if (event && typeof event === 'object') read(event as Record<string, unknown>);
      } catch {
        // Not JSON (a comment, a keep-alive): nothing to meter.
      }
    }
  };

  return {
    answer,
    observe(chunk: Uint8Array) {
      if (!streaming) {
        blockingBytes += chunk.byteLength;
        if (blockingBytes > MAX_BLOCKING_BYTES) overflow = true;
        if (!overflow) pending += decoder.decode(chunk, { stream: true });
        return;
      }
      pending += decoder.decode(chunk, { stream: true });
      for (let match = EVENT_END.exec(pending); match; match = EVENT_END.exec(pending)) {
        readEvent(pending.slice(0, match.index));
        pending = pending.slice(match.index + match[0].length);
      }
    },
    /** The answer so far, once the body has ended or been cut off. */
    finish(): MeteredAnswer {
      pending += decoder.decode();
      if (streaming) {
        if (pending.trim()) readEvent(pending);
      } else if (!overflow) {
        try {
          const body: unknown = JSON.parse(pending);
          if (body && typeof body === 'object') {
            const blocking = body as Record<string, unknown>;
            if (hasText(blocking.answer)) answer.started = true;
            read(blocking);
          }
        } catch {
          // A blocking answer that is not JSON reports no usage.
        }
      }
      pending = '';
      // A failed answer, or one stopped before its first token, counts nothing; a stopped one that had begun counts
      // as a message with what was generated.
      if ((answer.failed && !answer.usageSeen) || !answer.started) answer.figures = { messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
      else answer.figures.messages = 1;
      return answer;
    },
  };
}
