// The run of a workflow as its stream tells it: each node (started, finished, elapsed, tokens), the text as
// it streams, and the end; and the same log of a past run, from GET workflows/run/{id} and its steps.
import type { DifyStreamEvent, NodeExecution, WorkflowRunDetail } from '@/features/ai/types';

export type NodeRun = {
  id: string;
  nodeId: string;
  nodeType: string;
  title: string;
  status: 'running' | 'succeeded' | 'failed' | 'stopped';
  /** Seconds, once finished. */
  elapsed: number | null;
  tokens: number | null;
  error: string | null;
  /** What the step produced, once finished (a chatflow's steps say what they did there). */
  outputs?: Record<string, unknown> | null;
};

export type WorkflowLog = {
  runId: string | null;
  nodes: NodeRun[];
  text: string;
  status: 'idle' | 'running' | 'succeeded' | 'failed' | 'stopped';
  elapsed: number | null;
  tokens: number | null;
  error: string | null;
  /** The run's outputs once it ended (the review's references and search log besides its text). */
  outputs: Record<string, unknown> | null;
};

export const emptyLog: WorkflowLog = { runId: null, nodes: [], text: '', status: 'idle', elapsed: null, tokens: null, error: null, outputs: null };

type Data = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const record = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const nodeStatus = (value: unknown): NodeRun['status'] => (value === 'failed' || value === 'stopped' ? value : 'succeeded');

/** The log after one more event (a pure reducer; unknown events leave it as it was). */
export function applyWorkflowEvent(log: WorkflowLog, event: DifyStreamEvent): WorkflowLog {
  const data = ('data' in event && event.data && typeof event.data === 'object' ? event.data : {}) as Data;
  switch (event.event) {
    case 'workflow_started':
      return { ...emptyLog, runId: str(data.id) ?? str((event as Data).workflow_run_id), status: 'running' };
    case 'node_started': {
      const node: NodeRun = {
        id: str(data.id) ?? String(log.nodes.length),
        nodeId: str(data.node_id) ?? '',
        nodeType: str(data.node_type) ?? '',
        title: str(data.title) ?? '',
        status: 'running',
        elapsed: null,
        tokens: null,
        error: null,
      };
      return { ...log, nodes: [...log.nodes, node] };
    }
    case 'node_finished': {
      const id = str(data.id);
      const meta = (data.execution_metadata ?? {}) as Data;
      const nodes = log.nodes.map((node) =>
        node.id === id
          ? {
              ...node,
              status: nodeStatus(data.status),
              elapsed: num(data.elapsed_time),
              tokens: num(meta.total_tokens),
              error: str(data.error),
              outputs: record(data.outputs),
            }
          : node,
      );
      return { ...log, nodes };
    }
    case 'text_chunk':
      return { ...log, text: log.text + (str(data.text) ?? '') };
    case 'workflow_finished': {
      const outputs = (data.outputs ?? {}) as Data;
      const status = data.status === 'succeeded' || data.status === 'failed' || data.status === 'stopped' ? data.status : 'failed';
      return {
        ...log,
        text: str(outputs.text) ?? log.text,
        status,
        elapsed: num(data.elapsed_time),
        tokens: num(data.total_tokens),
        error: str(data.error),
        outputs: record(data.outputs),
      };
    }
    default:
      return log;
  }
}

/** A run's inputs or outputs: an object, or (older Dify versions) the same as a JSON string. */
export function runObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const runStatus = (value: string): WorkflowLog['status'] =>
  value === 'succeeded' || value === 'failed' || value === 'stopped' || value === 'running' ? value : 'failed';

/** The log of a past run, as the live one looked when it ended. */
export function logFromRun(run: WorkflowRunDetail, nodes: readonly NodeExecution[]): WorkflowLog {
  const outputs = runObject(run.outputs);
  return {
    runId: run.id,
    nodes: [...nodes]
      .sort((a, b) => a.index - b.index)
      .map((node) => ({
        id: node.id,
        nodeId: node.node_id,
        nodeType: node.node_type,
        title: node.title,
        status: nodeStatus(node.status),
        elapsed: num(node.elapsed_time),
        tokens: num(node.execution_metadata?.total_tokens),
        error: str(node.error),
        outputs: record(node.outputs),
      })),
    text: str(outputs.text) ?? '',
    status: runStatus(run.status),
    elapsed: num(run.elapsed_time),
    tokens: num(run.total_tokens),
    error: str(run.error),
    outputs: run.outputs === null ? null : outputs,
  };
}

/** What names a run in the list: its first non-empty text input. */
export function runTitle(inputs: unknown): string {
  const values = Object.values(runObject(inputs)).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return values[0]?.trim() ?? '';
}
