import 'server-only';
import type { z } from 'zod';
import {
  anyQuerySchema,
  chatMessageSchema,
  completionHistoryQuerySchema,
  completionMessageSchema,
  conversationsQuerySchema,
  feedbackSchema,
  messagesQuerySchema,
  renameConversationSchema,
  userOnlySchema,
  workflowLogsQuerySchema,
  workflowRunSchema,
} from '../schema';

/** Which kind of AI message a call produces; those calls count against the quota and are metered. */
export type MeteredKind = 'chat' | 'completion' | 'workflow';

export type DifyEndpoint = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Product path under /api/ai/dify; `:id` matches one path segment. */
  path: string;
  /** Runtime path under its /v1, with the `:id` of the product path. */
  upstream: string;
  /** Where Dify expects the end user: JSON body, query string or multipart form field. */
  user: 'body' | 'query' | 'form';
  /** Checks the JSON body (`user: 'body'`) or the query string (`user: 'query'`). */
  schema?: z.ZodType<Record<string, unknown>>;
  metered?: MeteredKind;
  /** The query parameter that carries the end user when it is not `user` (Dify's logs filter by another name). */
  userParam?: string;
  /**
   * The query parameter the proxy sets to the page's language (our runtime's addition, which a real Dify ignores):
   * the runtime's texts for the user follow the page (docs/protocols/dify.md §7).
   */
  languageParam?: string;
};

/** Every call the AI pages may make (docs/protocols/dify.md §5); anything else answers 404. */
export const difyEndpoints: readonly DifyEndpoint[] = [
  { method: 'GET', path: 'info', upstream: 'info', user: 'query', schema: anyQuerySchema },
  { method: 'GET', path: 'parameters', upstream: 'parameters', user: 'query', schema: anyQuerySchema, languageParam: 'language' },
  { method: 'GET', path: 'meta', upstream: 'meta', user: 'query', schema: anyQuerySchema },
  { method: 'POST', path: 'files/upload', upstream: 'files/upload', user: 'form' },
  { method: 'POST', path: 'chat-messages', upstream: 'chat-messages', user: 'body', schema: chatMessageSchema, metered: 'chat' },
  { method: 'POST', path: 'chat-messages/:id/stop', upstream: 'chat-messages/:id/stop', user: 'body', schema: userOnlySchema },
  { method: 'GET', path: 'conversations', upstream: 'conversations', user: 'query', schema: conversationsQuerySchema },
  { method: 'POST', path: 'conversations/:id/name', upstream: 'conversations/:id/name', user: 'body', schema: renameConversationSchema },
  { method: 'DELETE', path: 'conversations/:id', upstream: 'conversations/:id', user: 'body', schema: userOnlySchema },
  { method: 'GET', path: 'messages', upstream: 'messages', user: 'query', schema: messagesQuerySchema },
  { method: 'POST', path: 'messages/:id/feedbacks', upstream: 'messages/:id/feedbacks', user: 'body', schema: feedbackSchema },
  { method: 'GET', path: 'messages/:id/suggested', upstream: 'messages/:id/suggested', user: 'query', schema: anyQuerySchema },
  {
    method: 'POST',
    path: 'completion-messages',
    upstream: 'completion-messages',
    user: 'body',
    schema: completionMessageSchema,
    metered: 'completion',
  },
  { method: 'POST', path: 'completion-messages/:id/stop', upstream: 'completion-messages/:id/stop', user: 'body', schema: userOnlySchema },
  // The user's earlier runs of a writing tool, kept with the account (our runtime's addition; Dify has none).
  { method: 'GET', path: 'completion-messages', upstream: 'completion-messages', user: 'query', schema: completionHistoryQuerySchema },
  { method: 'DELETE', path: 'completion-messages', upstream: 'completion-messages', user: 'body', schema: userOnlySchema },
  // Dify has only /workflows/run; the product's route is named workflow/run (docs/product.md §7): both are accepted.
  { method: 'POST', path: 'workflow/run', upstream: 'workflows/run', user: 'body', schema: workflowRunSchema, metered: 'workflow' },
  { method: 'POST', path: 'workflows/run', upstream: 'workflows/run', user: 'body', schema: workflowRunSchema, metered: 'workflow' },
  { method: 'POST', path: 'workflows/tasks/:id/stop', upstream: 'workflows/tasks/:id/stop', user: 'body', schema: userOnlySchema },
  // The user's own runs: the runtime scopes a run and its steps to the user it is given (a Dify server does not;
  // its run ids are unguessable UUIDs), and the logs to `created_by_end_user_session_id`.
  { method: 'GET', path: 'workflows/run/:id', upstream: 'workflows/run/:id', user: 'query', schema: anyQuerySchema },
  { method: 'GET', path: 'workflows/run/:id/node-executions', upstream: 'workflows/run/:id/node-executions', user: 'query', schema: anyQuerySchema },
  {
    method: 'GET',
    path: 'workflows/logs',
    upstream: 'workflows/logs',
    user: 'query',
    schema: workflowLogsQuerySchema,
    userParam: 'created_by_end_user_session_id',
  },
];

/** Where a running answer of each kind is stopped (the proxy calls it when the browser goes away). */
export const stopPath: Record<MeteredKind, (taskId: string) => string> = {
  chat: (taskId) => `chat-messages/${encodeURIComponent(taskId)}/stop`,
  completion: (taskId) => `completion-messages/${encodeURIComponent(taskId)}/stop`,
  workflow: (taskId) => `workflows/tasks/${encodeURIComponent(taskId)}/stop`,
};

export type MatchedEndpoint = { endpoint: DifyEndpoint; id: string | null; pathMatched: boolean };

/** The endpoint for a method and path (segments after /api/ai/dify); `pathMatched` tells 405 from 404. */
export function matchDifyEndpoint(method: string, segments: readonly string[]): MatchedEndpoint | { endpoint: null; pathMatched: boolean } {
  let pathMatched = false;
  for (const endpoint of difyEndpoints) {
    const pattern = endpoint.path.split('/');
    if (pattern.length !== segments.length) continue;
    let id: string | null = null;
    const matches = pattern.every((part, index) => {
      if (part !== ':id') return part === segments[index];
      id = segments[index] ?? null;
      return true;
    });
    if (!matches) continue;
    pathMatched = true;
    if (endpoint.method === method) return { endpoint, id, pathMatched };
  }
  return { endpoint: null, pathMatched };
}
