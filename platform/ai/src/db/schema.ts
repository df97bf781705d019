// The `ai` schema: Dify's conversations, messages, uploaded files and workflow runs, trimmed to what this runtime
// serves. `end_user` is Dify's `user` field as the caller sent it; every query filters by (app_id, end_user).
import { customType, index, integer, jsonb, pgSchema, real, text, timestamp, uuid } from '@citewise/db/pg-core';

export const ai = pgSchema('ai');

const at = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const conversations = ai.table(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    endUser: text('end_user').notNull(),
    name: text('name').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    introduction: text('introduction').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('conversations_user_idx').on(t.appId, t.endUser, t.updatedAt)],
);

export const messages = ai.table(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    endUser: text('end_user').notNull(),
    /** Null for completion messages, which belong to no conversation. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    query: text('query').notNull(),
    answer: text('answer').notNull().default(''),
    /** `normal`, `error` (the model failed mid-answer) or `stopped` (the caller stopped it; the partial answer stays). */
    status: text('status').notNull().default('normal'),
    error: text('error'),
    retrieverResources: jsonb('retriever_resources').$type<unknown[]>().notNull().default([]),
    /** Citation check of the answer (markers and references that resolved to no retrieved paper). */
    citationCheck: jsonb('citation_check').$type<Record<string, unknown> | null>(),
    usage: jsonb('usage').$type<Record<string, unknown> | null>(),
    files: jsonb('files').$type<unknown[]>().notNull().default([]),
    /**
     * What the answer showed beside its text, kept so a reopened message shows the same: the run's search log,
     * the retrieved papers it did not cite, whether it is the extractive evidence (no model), and (a chatflow's
     * answer) the workflow run whose steps produced it.
     */
    searchLog: jsonb('search_log').$type<Record<string, unknown> | null>(),
    uncitedResources: jsonb('uncited_resources').$type<unknown[]>().notNull().default([]),
    answerSource: text('answer_source'),
    workflowRunId: uuid('workflow_run_id').references(() => workflowRuns.id, { onDelete: 'set null' }),
    feedbackRating: text('feedback_rating'),
    feedbackContent: text('feedback_content'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt), index('messages_user_idx').on(t.appId, t.endUser)],
);

export const files = ai.table(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    endUser: text('end_user').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_user_idx').on(t.appId, t.endUser)],
);

export const workflowRuns = ai.table(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').notNull(),
    endUser: text('end_user').notNull(),
    taskId: uuid('task_id').notNull(),
    workflowId: text('workflow_id').notNull(),
    /** `running`, `succeeded`, `failed` or `stopped`. */
    status: text('status').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    outputs: jsonb('outputs').$type<Record<string, unknown> | null>(),
    error: text('error'),
    elapsedTime: real('elapsed_time').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    totalSteps: integer('total_steps').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('workflow_runs_user_idx').on(t.appId, t.endUser, t.createdAt)],
);

/** The steps of a workflow run as they finished (Dify's node executions), for the run's log. */
export const workflowNodeExecutions = ai.table(
  'workflow_node_executions',
  {
    /** The id the run's `node_started` / `node_finished` events carried. */
    id: uuid('id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    nodeType: text('node_type').notNull(),
    title: text('title').notNull(),
    /** 1-based order within the run. */
    index: integer('index').notNull(),
    predecessorNodeId: text('predecessor_node_id'),
    /** `succeeded`, `failed` or `stopped`. */
    status: text('status').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    outputs: jsonb('outputs').$type<Record<string, unknown> | null>(),
    error: text('error'),
    elapsedTime: real('elapsed_time').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at').notNull(),
  },
  (t) => [index('workflow_node_executions_run_idx').on(t.runId, t.index)],
);
