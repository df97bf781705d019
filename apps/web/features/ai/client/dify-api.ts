import { aiErrorFromResponse, networkError } from './dify-error';
import type {
  AppParameters,
  ChatMessage,
  CompletionRun,
  Conversation,
  NodeExecution,
  Page,
  UploadedFile,
  WorkflowLogPage,
  WorkflowRunDetail,
} from '@/features/ai/types';

/**
 * The JSON calls of the Dify service API through the product's proxy (`/api/ai/dify/<path>?appid=`). The proxy
 * adds the user; failures reject with AiError. One object per app: `difyApi('paper-chat').conversations()`.
 */
export function difyApi(appId: string, locale?: string) {
  async function call<T>(method: string, path: string, query: Record<string, string | number | undefined> = {}, body?: unknown): Promise<T> {
    const params = new URLSearchParams({ appid: appId });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    let response: Response;
    try {
      response = await fetch(`/api/ai/dify/${path}?${params}`, {
        method,
        headers: { 'content-type': 'application/json', ...(locale ? { 'x-locale': locale } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (error) {
      throw networkError(error);
    }
    if (!response.ok) throw await aiErrorFromResponse(response);
    // DELETE answers 204 on current Dify, 200 {result} on older ones (docs/protocols/dify.md §2.9).
    return (response.status === 204 ? {} : await response.json()) as T;
  }

  /** One file to `files/upload` as multipart; the proxy adds the user. */
  async function upload(file: File): Promise<UploadedFile> {
    const form = new FormData();
    form.append('file', file, file.name);
    let response: Response;
    try {
      response = await fetch(`/api/ai/dify/files/upload?${new URLSearchParams({ appid: appId })}`, {
        method: 'POST',
        headers: locale ? { 'x-locale': locale } : {},
        body: form,
        credentials: 'same-origin',
      });
    } catch (error) {
      throw networkError(error);
    }
    if (!response.ok) throw await aiErrorFromResponse(response);
    return (await response.json()) as UploadedFile;
  }

  return {
    upload,
    parameters: () => call<AppParameters>('GET', 'parameters'),
    /** Most recently active first; the next page starts after `lastId`. */
    conversations: (lastId?: string, limit = 20) => call<Page<Conversation>>('GET', 'conversations', { last_id: lastId, limit }),
    /** Oldest first within the page; older pages end before `firstId`. */
    messages: (conversationId: string, firstId?: string, limit = 20) =>
      call<Page<ChatMessage>>('GET', 'messages', { conversation_id: conversationId, first_id: firstId, limit }),
    /** Either a name, or `{ autoGenerate: true }` to let the model title it. */
    rename: (conversationId: string, name: string | { autoGenerate: true }) =>
      call<Conversation>('POST', `conversations/${conversationId}/name`, {}, typeof name === 'string' ? { name } : { auto_generate: true }),
    remove: (conversationId: string) => call<unknown>('DELETE', `conversations/${conversationId}`, {}, {}),
    feedback: (messageId: string, rating: 'like' | 'dislike' | null) => call<unknown>('POST', `messages/${messageId}/feedbacks`, {}, { rating }),
    suggested: (messageId: string) => call<{ data: string[] }>('GET', `messages/${messageId}/suggested`).then((r) => r.data ?? []),
    /** The signed-in user's runs of a workflow app, newest first (the proxy filters them by the user). */
    workflowLogs: (page = 1, limit = 10) => call<WorkflowLogPage>('GET', 'workflows/logs', { page, limit }),
    /** One of the user's runs: its inputs, outputs, status, time and tokens. */
    workflowRun: (runId: string) => call<WorkflowRunDetail>('GET', `workflows/run/${runId}`),
    /** The steps of one of the user's runs, in order. */
    workflowNodes: (runId: string) => call<{ data: NodeExecution[] }>('GET', `workflows/run/${runId}/node-executions`).then((r) => r.data ?? []),
    /** The user's earlier runs of a writing tool that produced an answer, newest first (kept with the account). */
    completions: (limit = 20) => call<Page<CompletionRun>>('GET', 'completion-messages', { limit }),
    /** Forgets the user's runs of a writing tool. */
    clearCompletions: () => call<unknown>('DELETE', 'completion-messages', {}, {}),
    /** Stops a streaming answer on the server (the task id comes with every stream event). */
    stop: (taskId: string, mode: 'chat-messages' | 'completion-messages' = 'chat-messages') => call<unknown>('POST', `${mode}/${taskId}/stop`, {}, {}),
  };
}

export type DifyApi = ReturnType<typeof difyApi>;
