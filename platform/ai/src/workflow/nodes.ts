// Dify's node events for one workflow run: each step is a node that starts, runs and finishes (or fails, or stops).
import { randomUUID } from 'node:crypto';
import type { DifyEvent } from '../stream/respond';
import { nowSeconds } from '../time';

export interface NodeSpec {
  nodeId: string;
  nodeType: 'start' | 'llm' | 'tool' | 'knowledge-retrieval' | 'code' | 'answer' | 'end';
  title: string;
  inputs: Record<string, unknown>;
}

export interface NodeOutcome {
  outputs: Record<string, unknown>;
  processData?: Record<string, unknown>;
  tokens?: number;
}

/** A finished step, as the run's log keeps it. */
export interface NodeRecord {
  id: string;
  nodeId: string;
  nodeType: string;
  title: string;
  index: number;
  predecessorNodeId: string | null;
  status: 'succeeded' | 'failed' | 'stopped';
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown> | null;
  error: string | null;
  elapsedTime: number;
  totalTokens: number;
  createdAt: Date;
  finishedAt: Date;
}

/** Tracks the run's steps and builds the `node_started` / `node_finished` events. */
export class NodeTrail {
  steps = 0;
  tokens = 0;
  /** The finished steps, in order, to be stored with the run. */
  readonly records: NodeRecord[] = [];
  private previous: string | null = null;

  constructor(private readonly base: { task_id: string; workflow_run_id: string }) {}

  started(spec: NodeSpec) {
    this.steps++;
    const id = randomUUID();
    const data = {
      id,
      node_id: spec.nodeId,
      node_type: spec.nodeType,
      title: spec.title,
      index: this.steps,
      predecessor_node_id: this.previous,
      inputs: spec.inputs,
      created_at: nowSeconds(),
      extras: {},
      iteration_id: null,
      loop_id: null,
    };
    this.previous = spec.nodeId;
    const startedAt = Date.now();
    const event: DifyEvent = { event: 'node_started', ...this.base, data };
    const finished = (status: 'succeeded' | 'failed' | 'stopped', outcome: NodeOutcome | null, error: string | null): DifyEvent => {
      this.tokens += outcome?.tokens ?? 0;
      this.records.push({
        id,
        nodeId: spec.nodeId,
        nodeType: spec.nodeType,
        title: spec.title,
        index: data.index,
        predecessorNodeId: data.predecessor_node_id,
        status,
        inputs: spec.inputs,
        outputs: outcome?.outputs ?? null,
        error,
        elapsedTime: (Date.now() - startedAt) / 1000,
        totalTokens: outcome?.tokens ?? 0,
        createdAt: new Date(startedAt),
        finishedAt: new Date(),
      });
      return {
        event: 'node_finished',
        ...this.base,
        data: {
          ...data,
          process_data: outcome?.processData ?? null,
          outputs: outcome?.outputs ?? null,
          status,
          error,
          elapsed_time: (Date.now() - startedAt) / 1000,
          execution_metadata: { total_tokens: outcome?.tokens ?? 0, total_price: '0', currency: 'USD' },
          finished_at: nowSeconds(),
          files: [],
        },
      };
    };
    return { event, finished };
  }

  /**
   * One step of the run: its `node_started` event, the work, then its `node_finished` event — `stopped` when
   * `signal` was aborted meanwhile, `failed` (and the error thrown on) when the work throws.
   */
  async *step(spec: NodeSpec, signal: AbortSignal, work: () => Promise<NodeOutcome>): AsyncGenerator<DifyEvent, NodeOutcome> {
    const node = this.started(spec);
    yield node.event;
    try {
      const outcome = await work();
      yield node.finished(signal.aborted ? 'stopped' : 'succeeded', outcome, null);
      return outcome;
    } catch (error) {
      yield node.finished(signal.aborted ? 'stopped' : 'failed', null, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
