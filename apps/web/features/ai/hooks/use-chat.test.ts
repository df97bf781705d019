import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/features/ai/types';
import { prependTurns, turnFromMessage } from './use-chat';

const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 'c1',
  query: `question ${id}`,
  answer: `answer ${id}`,
  inputs: {},
  feedback: null,
  created_at: 0,
  ...extra,
});

describe('turnFromMessage', () => {
  it('keeps the user’s uploaded files of a message, named, and leaves out remote URLs and the assistant’s files', () => {
    const turn = turnFromMessage(
      message('m1', {
        message_files: [
          { id: 'f1', type: 'document', belongs_to: 'user', transfer_method: 'local_file', upload_file_id: 'f1', filename: 'notes.txt' },
          { id: 'f2', type: 'image', belongs_to: 'user', transfer_method: 'local_file', upload_file_id: 'f2', filename: 'figure.png' },
          { id: 'f3', type: 'document', belongs_to: 'user', transfer_method: 'remote_url', url: 'https://example.org/a.pdf' },
          { id: 'f4', type: 'image', belongs_to: 'assistant', url: 'https://example.org/b.png' },
        ],
      }),
    );
    expect(turn.files).toEqual([
      { id: 'f1', name: 'notes.txt', kind: 'document' },
      { id: 'f2', name: 'figure.png', kind: 'image' },
    ]);
    expect(turnFromMessage(message('m2')).files).toEqual([]);
  });
});

describe('a stored message reopens as it was shown', () => {
  const resource = (position: number) => ({ position, paper_id: `p${position}`, title: `Paper ${position}` });

  it('brings back its flags, uncited papers, search log, extractive label and stopped state', () => {
    const log = { queries: ['q'], results: 3, took_ms: 12, searched_at: '2026-11-28T00:00:00Z', sources: [] };
    const turn = turnFromMessage(
      message('m1', {
        retriever_resources: [resource(1)],
        uncited_resources: [resource(2), resource(3)],
        citation_check: { cited: [1], flagged: [{ text: '[42]', reason: 'unknown_marker' }] },
        search_log: log,
        answer_source: 'extractive_evidence',
        stopped: true,
      }),
    );
    expect(turn).toMatchObject({ status: 'stopped', extractive: true, searchLog: log, flagged: [{ text: '[42]', reason: 'unknown_marker' }] });
    expect(turn.resources.map((r) => r.position)).toEqual([1]);
    expect(turn.uncited.map((r) => r.position)).toEqual([2, 3]);
  });

  it('a message of a Dify server, without those fields, reads as a plain answer', () => {
    expect(turnFromMessage(message('m1'))).toMatchObject({ status: 'done', extractive: false, searchLog: null, flagged: [], uncited: [], steps: null });
  });

  it('a chatflow answer brings back its steps, ended, with what each step output', () => {
    const node = (index: number, node_id: string, outputs: Record<string, unknown> | null) => ({
      id: `n${index}`,
      node_id,
      node_type: 'code',
      title: node_id,
      index,
      status: 'succeeded',
      error: null,
      elapsed_time: 0.1,
      execution_metadata: { total_tokens: 0 },
      outputs,
    });
    const turn = turnFromMessage(
      message('m1', {
        workflow_run: {
          id: 'r1',
          status: 'succeeded',
          inputs: {},
          outputs: { answer: 'a' },
          error: null,
          total_steps: 2,
          total_tokens: 5,
          created_at: 0,
          finished_at: 1,
          elapsed_time: 0.4,
          nodes: [node(2, 'plan', { queries: ['q'], planned_by: 'model' }), node(1, 'start', {})],
        },
      }),
    );
    expect(turn.steps).toMatchObject({ runId: 'r1', status: 'succeeded', elapsed: 0.4 });
    expect(turn.steps!.nodes.map((n) => [n.nodeId, n.outputs])).toEqual([
      ['start', {}],
      ['plan', { queries: ['q'], planned_by: 'model' }],
    ]);
  });
});

describe('prependTurns', () => {
  it('puts an older page above the thread without repeating a message already shown', () => {
    const shown = [turnFromMessage(message('m3')), turnFromMessage(message('m4'))];
    const older = [turnFromMessage(message('m1')), turnFromMessage(message('m2')), turnFromMessage(message('m3'))];
    expect(prependTurns(shown, older).map((t) => t.messageId)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
