// Inputs of the AI API: the usage report, and what the Dify proxy checks before it calls the runtime (the runtime
// validates the rest itself and its answers reach the browser unchanged).
import { z } from 'zod';

const MAX_USAGE_DAYS = 366;
const isoDay = z.iso.date('invalid');

/** `GET /api/ai/usage?from=&to=`: whole UTC days, both ends included; this month so far by default. */
export const usageRangeSchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'range_invalid', path: ['to'] })
  .refine(({ from, to }) => !from || !to || (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_USAGE_DAYS, {
    message: 'range_invalid',
    path: ['to'],
  });

export type UsageRange = z.infer<typeof usageRangeSchema>;

/** `?appid=` on every proxied call. */
export const appIdSchema = z.object({ appid: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'invalid') });

/** A task, conversation or message id in a path: opaque to us, but never a path of its own. */
export const pathIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'invalid');

const inputs = z.record(z.string(), z.unknown());

/** Library papers one chat may be about (the runtime's MAX_LIBRARY_PAPERS, which refuses more). */
export const MAX_LIBRARY_PAPERS = 20;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "Chat with a paper"'s library choice: paper ids separated by commas, or one collection id (either may be empty). */
const chatInputs = z.looseObject({
  library_papers: z
    .string('invalid')
    .refine(
      (value) =>
        value
          .split(',')
          .filter(Boolean)
          .every((id) => uuid.test(id)),
      'invalid',
    )
    .refine((value) => value.split(',').filter(Boolean).length <= MAX_LIBRARY_PAPERS, 'too_many_library_papers')
    .optional(),
  library_collection: z.union([z.literal(''), z.string().regex(uuid, 'invalid')]).optional(),
});
const responseMode = z.enum(['streaming', 'blocking'], 'invalid');
const files = z.array(z.record(z.string(), z.unknown())).max(20, 'too_many').nullish();

// Loose objects: Dify keeps adding fields (workflow_id, trace_id, …) that must reach it untouched.
export const chatMessageSchema = z.looseObject({
  // A chat question, not a search: its own words when empty (validation.question_required).
  query: z.string().min(1, 'question_required').max(100_000, 'too_long'),
  inputs: chatInputs.optional(),
  response_mode: responseMode.optional(),
  conversation_id: z.string().max(64, 'invalid').optional(),
  files,
  auto_generate_name: z.boolean().optional(),
});

export const completionMessageSchema = z.looseObject({ inputs, response_mode: responseMode.optional(), files });

export const workflowRunSchema = z.looseObject({ inputs, response_mode: responseMode.optional(), files });

export const renameConversationSchema = z.looseObject({
  name: z.string().max(200, 'too_long').nullish(),
  auto_generate: z.boolean().optional(),
});

export const feedbackSchema = z.looseObject({
  rating: z.enum(['like', 'dislike'], 'invalid').nullable(),
  content: z.string().max(10_000, 'too_long').nullish(),
});

/** Bodies that carry nothing but the user (stop, delete): whatever the client sends is replaced. */
export const userOnlySchema = z.looseObject({});

const pageLimit = z.coerce.number().int('invalid').min(1, 'invalid').max(100, 'invalid').optional();

export const conversationsQuerySchema = z.looseObject({
  last_id: z.string().max(64, 'invalid').optional(),
  limit: pageLimit,
  sort_by: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at'], 'invalid').optional(),
});

export const messagesQuerySchema = z.looseObject({
  conversation_id: z.string().min(1, 'invalid').max(64, 'invalid'),
  first_id: z.string().max(64, 'invalid').optional(),
  limit: pageLimit,
});

export const anyQuerySchema = z.looseObject({});

/** A writing tool's earlier runs (the runtime's GET /completion-messages, docs/protocols/dify.md §2.3). */
export const completionHistoryQuerySchema = z.looseObject({ limit: pageLimit });

export const workflowLogsQuerySchema = z.looseObject({
  keyword: z.string().max(200, 'too_long').optional(),
  status: z.enum(['succeeded', 'failed', 'stopped', 'running'], 'invalid').optional(),
  page: z.coerce.number().int('invalid').min(1, 'invalid').max(99_999, 'invalid').optional(),
  limit: pageLimit,
});

/** A workflow run's id as a page's address carries it (`?run=`); anything else opens nothing. */
export const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
