import { describe, expect, it } from 'vitest';
import { createUsageMeter } from './usage-meter';

const bytes = (text: string) => new TextEncoder().encode(text);
const event = (value: object) => `data: ${JSON.stringify(value)}\n\n`;

describe('the usage meter', () => {
  it('reads task id and usage from a stream split anywhere, even inside a character', () => {
    const stream =
      'event: ping\n\n' +
      event({ event: 'message', task_id: 't-1', answer: '你好' }) +
      event({ event: 'message_end', task_id: 't-1', metadata: { usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } } });
    const all = bytes(stream);
    for (const size of [1, 2, 7, all.length]) {
      const meter = createUsageMeter(true);
      for (let at = 0; at < all.length; at += size) meter.observe(all.subarray(at, at + size));
      expect(meter.finish()).toEqual({
        taskId: 't-1',
        usageSeen: true,
        failed: false,
        started: true,
        figures: { messages: 1, inputTokens: 12, outputTokens: 3, totalTokens: 15 },
      });
    }
  });

  it('takes a workflow’s total when it reports no split, and a chatflow’s message figures over its total', () => {
    const workflow = createUsageMeter(true);
    workflow.observe(bytes(event({ event: 'workflow_started', task_id: 'w', workflow_run_id: 'r', data: { id: 'r' } })));
    workflow.observe(bytes(event({ event: 'node_finished', task_id: 'w', workflow_run_id: 'r', data: { execution_metadata: { total_tokens: 40 } } })));
    workflow.observe(bytes(event({ event: 'workflow_finished', task_id: 'w', workflow_run_id: 'r', data: { status: 'succeeded', total_tokens: 40 } })));
    expect(workflow.finish().figures).toEqual({ messages: 1, inputTokens: 0, outputTokens: 0, totalTokens: 40 });
    const chatflow = createUsageMeter(true);
    chatflow.observe(bytes(event({ event: 'workflow_finished', task_id: 'c', data: { total_tokens: 40 } })));
    chatflow.observe(bytes(event({ event: 'message_end', task_id: 'c', metadata: { usage: { prompt_tokens: 30, completion_tokens: 10 } } })));
    expect(chatflow.finish().figures).toEqual({ messages: 1, inputTokens: 30, outputTokens: 10, totalTokens: 40 });
  });

  it('counts no message for an answer that failed before any usage, but one for an answer cut off', () => {
    const failed = createUsageMeter(true);
    failed.observe(bytes(event({ event: 'error', task_id: 'e', code: 'completion_request_error', status: 400 })));
    expect(failed.finish()).toMatchObject({ taskId: 'e', failed: true, figures: { messages: 0 } });
    const cut = createUsageMeter(true);
    cut.observe(bytes(event({ event: 'message', task_id: 'x', answer: 'Hel' })));
    expect(cut.finish()).toMatchObject({ taskId: 'x', usageSeen: false, figures: { messages: 1, totalTokens: 0 } });
  });

  it('counts nothing for an answer stopped before its first token, and what was generated for one stopped later', () => {
    const early = createUsageMeter(true);
    early.observe(bytes('event: ping\n\n' + event({ event: 'message', task_id: 's', answer: '' })));
    early.observe(bytes(event({ event: 'message_end', task_id: 's', metadata: { usage: { prompt_tokens: 20, completion_tokens: 0, total_tokens: 20 } } })));
    expect(early.finish()).toMatchObject({ taskId: 's', started: false, figures: { messages: 0, inputTokens: 0, totalTokens: 0 } });
    const nothing = createUsageMeter(true);
    expect(nothing.finish()).toMatchObject({ started: false, figures: { messages: 0 } });
    const stopped = createUsageMeter(true);
    stopped.observe(bytes(event({ event: 'message', task_id: 'p', answer: 'Part' })));
    stopped.observe(bytes(event({ event: 'message_end', task_id: 'p', metadata: { usage: { prompt_tokens: 20, completion_tokens: 1, total_tokens: 21 } } })));
    expect(stopped.finish()).toMatchObject({ started: true, figures: { messages: 1, inputTokens: 20, outputTokens: 1, totalTokens: 21 } });
    const run = createUsageMeter(true);
    run.observe(bytes(event({ event: 'workflow_started', task_id: 'w', workflow_run_id: 'r', data: { id: 'r' } })));
    run.observe(bytes(event({ event: 'workflow_finished', task_id: 'w', workflow_run_id: 'r', data: { status: 'stopped', total_tokens: 0 } })));
    expect(run.finish()).toMatchObject({ started: false, figures: { messages: 0 } });
  });

  it('reads a blocking answer once it is complete', () => {
    const meter = createUsageMeter(false);
    const body = bytes(
      JSON.stringify({ event: 'message', task_id: 'b', answer: 'ok', metadata: { usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } } }),
    );
    meter.observe(body.subarray(0, 10));
    meter.observe(body.subarray(10));
    expect(meter.finish()).toMatchObject({ taskId: 'b', figures: { messages: 1, inputTokens: 5, outputTokens: 2, totalTokens: 7 } });
    const run = createUsageMeter(false);
    run.observe(bytes(JSON.stringify({ workflow_run_id: 'r', task_id: 'w', data: { status: 'succeeded', total_tokens: 9 } })));
    expect(run.finish().figures.totalTokens).toBe(9);
  });
});
