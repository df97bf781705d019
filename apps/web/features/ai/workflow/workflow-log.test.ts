import { describe, expect, it } from 'vitest';
import type { DifyStreamEvent } from '@/features/ai/types';
import { applyWorkflowEvent, emptyLog } from './workflow-log';

const ev = (event: string, data: Record<string, unknown>) => ({ event, task_id: 't', data }) as unknown as DifyStreamEvent;

describe('workflow log', () => {
  it('follows nodes from start to finish and ends with the output', () => {
    const events = [
      ev('workflow_started', { id: 'run-1' }),
      ev('node_started', { id: 'n1', node_id: 'plan', node_type: 'llm', title: 'Plan queries' }),
      ev('node_finished', { id: 'n1', status: 'succeeded', elapsed_time: 0.5, execution_metadata: { total_tokens: 12 } }),
      ev('node_started', { id: 'n2', node_id: 'synthesise', node_type: 'llm', title: 'Synthesise' }),
      ev('text_chunk', { text: 'Hello ' }),
      ev('text_chunk', { text: '[1]' }),
      { event: 'ping' } as DifyStreamEvent,
    ];
    const running = events.reduce(applyWorkflowEvent, emptyLog);
    expect(running.runId).toBe('run-1');
    expect(running.text).toBe('Hello [1]');
    expect(running.nodes.map((node) => [node.nodeId, node.status, node.elapsed, node.tokens])).toEqual([
      ['plan', 'succeeded', 0.5, 12],
      ['synthesise', 'running', null, null],
    ]);
    const done = [
      ev('node_finished', { id: 'n2', status: 'failed', elapsed_time: 1, error: 'model down' }),
      ev('workflow_finished', { status: 'failed', outputs: {}, error: 'model down', elapsed_time: 2, total_tokens: 30 }),
    ].reduce(applyWorkflowEvent, running);
    expect(done).toMatchObject({ status: 'failed', text: 'Hello [1]', error: 'model down', elapsed: 2, tokens: 30 });
    expect(done.nodes[1]).toMatchObject({ status: 'failed', error: 'model down' });
    const replaced = applyWorkflowEvent(running, ev('workflow_finished', { status: 'succeeded', outputs: { text: 'Final' } }));
    expect(replaced).toMatchObject({ status: 'succeeded', text: 'Final' });
  });
});

describe('a past run', () => {
  it('reads a stored run and its steps as the log of a finished run', async () => {
    const { logFromRun, runTitle } = await import('./workflow-log');
    const run = {
      id: 'run-9',
      status: 'succeeded',
      inputs: '{"topic":"graph neural networks","language":"English"}',
      outputs: { text: 'Review [1]' },
      error: null,
      total_steps: 2,
      total_tokens: 40,
      created_at: 1,
      finished_at: 2,
      elapsed_time: 1.5,
    };
    const nodes = [
      {
        id: 'b',
        node_id: 'end',
        node_type: 'end',
        title: 'End',
        index: 2,
        status: 'succeeded',
        error: null,
        elapsed_time: 0,
        execution_metadata: { total_tokens: 0 },
      },
      {
        id: 'a',
        node_id: 'plan',
        node_type: 'llm',
        title: 'Plan queries',
        index: 1,
        status: 'failed',
        error: 'boom',
        elapsed_time: 0.25,
        execution_metadata: { total_tokens: 40 },
      },
    ];
    const log = logFromRun(run, nodes);
    expect(log.nodes.map((n) => [n.nodeId, n.status, n.tokens])).toEqual([
      ['plan', 'failed', 40],
      ['end', 'succeeded', 0],
    ]);
    expect(log.nodes[0]!.error).toBe('boom');
    expect(log).toMatchObject({ runId: 'run-9', text: 'Review [1]', status: 'succeeded', elapsed: 1.5, tokens: 40 });
    expect(runTitle(run.inputs)).toBe('graph neural networks');
    expect(runTitle({ topic: '  ' })).toBe('');
    expect(logFromRun({ ...run, outputs: 'not json', status: 'weird' }, []).status).toBe('failed');
  });
});
