// The steps of chatflow answers, for GET /messages: each message's workflow run with its node executions, loaded
// for a whole page of messages at once.
import type { Database } from '@citewise/db';
import { asc, inArray } from '@citewise/db/orm';
import { workflowNodeExecutions, workflowRuns } from '../db/schema';
import { nodeExecutionJson, runJson } from './workflow-runs';

export type MessageRun = ReturnType<typeof runJson> & { nodes: Array<ReturnType<typeof nodeExecutionJson>> };

/** The runs of these ids, each with its steps in order. */
export async function runsWithSteps(db: Database, runIds: string[]): Promise<Map<string, MessageRun>> {
  const runs = new Map<string, MessageRun>();
  if (runIds.length === 0) return runs;
  for (const row of await db.select().from(workflowRuns).where(inArray(workflowRuns.id, runIds))) runs.set(row.id, { ...runJson(row), nodes: [] });
  const steps = await db
    .select()
    .from(workflowNodeExecutions)
    .where(inArray(workflowNodeExecutions.runId, runIds))
    .orderBy(asc(workflowNodeExecutions.runId), asc(workflowNodeExecutions.index));
  for (const step of steps) runs.get(step.runId)?.nodes.push(nodeExecutionJson(step));
  return runs;
}
