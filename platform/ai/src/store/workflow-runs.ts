// Workflow runs: one row per `POST /workflows/run`, listed by `GET /workflows/logs`.
import type { Database } from '@citewise/db';
import { and, count, desc, eq, ilike, sql } from '@citewise/db/orm';
import { workflowNodeExecutions, workflowRuns } from '../db/schema';
import type { NodeRecord } from '../workflow/nodes';
import { notFound } from '../errors';
import { seconds } from '../time';
import { workflowVersionId } from '../workflow/version-id';

export type WorkflowRun = typeof workflowRuns.$inferSelect;

export const runJson = (row: WorkflowRun) => ({
  id: row.id,
  // The row keeps the readable version name; Dify's clients get the version's UUID (version-id.ts).
  workflow_id: workflowVersionId(row.appId, row.workflowId),
  status: row.status,
  inputs: row.inputs,
  outputs: row.outputs,
  error: row.error,
  total_steps: row.totalSteps,
  total_tokens: row.totalTokens,
  created_at: seconds(row.createdAt),
  finished_at: seconds(row.finishedAt),
  elapsed_time: row.elapsedTime,
});

export async function insertRun(db: Database, values: typeof workflowRuns.$inferInsert) {
  const [row] = await db.insert(workflowRuns).values(values).returning();
  return row!;
}

/** Ends a run and keeps its finished steps, in one transaction. */
export async function finishRun(
  db: Database,
  id: string,
  values: Pick<WorkflowRun, 'status' | 'outputs' | 'error' | 'elapsedTime' | 'totalTokens' | 'totalSteps'>,
  nodes: NodeRecord[] = [],
) {
  return db.transaction(async (tx) => {
    if (nodes.length) await tx.insert(workflowNodeExecutions).values(nodes.map((node) => ({ ...node, runId: id })));
    const [row] = await tx
      .update(workflowRuns)
      .set({ ...values, finishedAt: sql`now()` })
      .where(eq(workflowRuns.id, id))
      .returning();
    return row!;
  });
}

/** A run of the app; with `user`, only that end user's (the product always asks with one). */
export async function getRunOrThrow(db: Database, appId: string, id: string, user?: string) {
  const conditions = [eq(workflowRuns.id, id), eq(workflowRuns.appId, appId)];
  if (user) conditions.push(eq(workflowRuns.endUser, user));
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(...conditions));
  if (!row) throw notFound('Workflow run not found.');
  return row;
}

/** The run's steps in order, as its `node_finished` events carried them. */
export async function listNodeExecutions(db: Database, runId: string) {
  const rows = await db.select().from(workflowNodeExecutions).where(eq(workflowNodeExecutions.runId, runId)).orderBy(workflowNodeExecutions.index);
  return rows.map(nodeExecutionJson);
}

/** One step as GET …/node-executions answers it. */
export function nodeExecutionJson(row: typeof workflowNodeExecutions.$inferSelect) {
  return {
    id: row.id,
    node_id: row.nodeId,
    node_type: row.nodeType,
    title: row.title,
    index: row.index,
    predecessor_node_id: row.predecessorNodeId,
    inputs: row.inputs,
    outputs: row.outputs,
    status: row.status,
    error: row.error,
    elapsed_time: row.elapsedTime,
    execution_metadata: { total_tokens: row.totalTokens, total_price: '0', currency: 'USD' },
    created_at: seconds(row.createdAt),
    finished_at: seconds(row.finishedAt),
  };
}

export async function listRuns(db: Database, appId: string, options: { keyword?: string; status?: string; endUser?: string; page: number; limit: number }) {
  const conditions = [eq(workflowRuns.appId, appId)];
  if (options.endUser) conditions.push(eq(workflowRuns.endUser, options.endUser));
  if (options.status) conditions.push(eq(workflowRuns.status, options.status));
  if (options.keyword) conditions.push(ilike(sql`${workflowRuns.inputs}::text`, `%${options.keyword.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(workflowRuns).where(where);
  const rows = await db
    .select()
    .from(workflowRuns)
    .where(where)
    .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return {
    page: options.page,
    limit: options.limit,
    total,
    has_more: options.page * options.limit < total,
    data: rows.map((row) => ({
      id: row.id,
      workflow_run: {
        id: row.id,
        version: row.workflowId,
        status: row.status,
        inputs: row.inputs,
        error: row.error,
        elapsed_time: row.elapsedTime,
        total_tokens: row.totalTokens,
        total_steps: row.totalSteps,
        created_at: seconds(row.createdAt),
        finished_at: seconds(row.finishedAt),
      },
      created_from: 'service-api',
      created_by_role: 'end_user',
      created_by_account: null,
      created_by_end_user: { id: row.endUser, type: 'service_api', is_anonymous: false, session_id: row.endUser },
      created_at: seconds(row.createdAt),
    })),
  };
}
