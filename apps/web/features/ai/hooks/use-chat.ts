'use client';

import { useCallback, useRef, useState } from 'react';
import type { DifyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import { streamDify } from '../client/dify-stream';
import type { ChatMessage, DifyStreamEvent, FlaggedCitation, MessageMetadata, RetrieverResource, SearchLogData } from '@/features/ai/types';
import type { SentFile } from '../attachments/use-attachments';
import { applyWorkflowEvent, emptyLog, logFromRun, type WorkflowLog } from '../workflow/workflow-log';

/** One question and its answer as the page shows it. */
export type Turn = {
  key: string;
  /** The server's message id, known from the first streamed chunk. */
  messageId: string | null;
  query: string;
  /** The files sent with the question. */
  files: SentFile[];
  answer: string;
  status: 'streaming' | 'done' | 'stopped' | 'error';
  error: AiError | null;
  resources: RetrieverResource[];
  flagged: FlaggedCitation[];
  /** The retrieved papers the answer does not cite. */
  uncited: RetrieverResource[];
  /** How the papers were found (apps that search the literature). */
  searchLog: SearchLogData | null;
  /** No model wrote the answer: it is the extractive evidence. */
  extractive: boolean;
  rating: 'like' | 'dislike' | null;
  suggested: string[];
  /** A chatflow's answer is a workflow run: its steps as they start and finish; null for a basic chat app. */
  steps: WorkflowLog | null;
};

type Options = {
  appId: string;
  api: DifyApi;
  locale: string;
  suggestAfterAnswer: boolean;
  onConversationChanged: (id: string) => void;
  /** The conversation the page opened with (from its address), and its latest messages as the server read them. */
  initial?: { conversationId: string; page: { has_more: boolean; data: ChatMessage[] } } | null;
};

/** Messages per page of a conversation's history. */
export const MESSAGE_PAGE = 20;

/** Older turns above the shown ones; a turn already shown (by message id) is not repeated. */
export function prependTurns(shown: Turn[], older: Turn[]): Turn[] {
  const ids = new Set(shown.map((t) => t.messageId));
  return [...older.filter((t) => !ids.has(t.messageId)), ...shown];
}

let counter = 0;
const newKey = () => `turn-${++counter}`;

/** What message_end (live) or the stored message (reopened) says beside the answer's text: the same either way. */
function shownBeside(m: MessageMetadata | ChatMessage) {
  return {
    resources: m.retriever_resources ?? [],
    flagged: m.citation_check?.flagged ?? [],
    uncited: m.uncited_resources ?? [],
    searchLog: m.search_log ?? null,
    extractive: m.answer_source === 'extractive_evidence',
  };
}

export function turnFromMessage(m: ChatMessage): Turn {
  return {
    ...shownBeside(m),
    key: m.id,
    messageId: m.id,
    query: m.query,
    files: (m.message_files ?? [])
      .filter((f) => f.belongs_to !== 'assistant' && f.upload_file_id)
      .map((f) => ({ id: f.upload_file_id!, name: f.filename ?? '', kind: f.type === 'image' ? 'image' : 'document' })),
    answer: m.answer,
    status: m.status === 'error' ? 'error' : m.stopped ? 'stopped' : 'done',
    error: m.status === 'error' ? new AiError('model', 'completion_request_error', m.error ?? '', 400) : null,
    rating: m.feedback?.rating ?? null,
    suggested: [],
    steps: m.workflow_run ? logFromRun(m.workflow_run, m.workflow_run.nodes) : null,
  };
}

/** The state of one conversation: its turns, the answer streaming now, and the actions on them. */
export function useChat({ appId, api, locale, suggestAfterAnswer, onConversationChanged, initial = null }: Options) {
  const [conversationId, setConversationId] = useState<string | null>(initial?.conversationId ?? null);
  const [turns, setTurns] = useState<Turn[]>(() => initial?.page.data.map(turnFromMessage) ?? []);
  const [busy, setBusy] = useState(false);
  /** Older messages than the first shown exist (Dify's `has_more` of `/messages`). */
  const [hasEarlier, setHasEarlier] = useState(initial?.page.has_more ?? false);
  const [earlier, setEarlier] = useState<{ loading: boolean; failed: boolean }>({ loading: false, failed: false });
  const running = useRef<{ controller: AbortController; taskId: string | null } | null>(null);

  const update = useCallback((key: string, change: (turn: Turn) => Partial<Turn>) => {
    setTurns((all) => all.map((turn) => (turn.key === key ? { ...turn, ...change(turn) } : turn)));
  }, []);

  const send = useCallback(
    async (query: string, inputs: Record<string, string>, files: SentFile[] = []) => {
      if (running.current || !query.trim()) return;
      const key = newKey();
      const turn: Turn = {
        key,
        messageId: null,
        query,
        files,
        answer: '',
        status: 'streaming',
        error: null,
        resources: [],
        flagged: [],
        uncited: [],
        searchLog: null,
        extractive: false,
        rating: null,
        suggested: [],
        steps: null,
      };
      setTurns((all) => [...all.map((t) => ({ ...t, suggested: [] })), turn]);
      setBusy(true);
      const controller = new AbortController();
      running.current = { controller, taskId: null };
      let conversation = conversationId;
      let messageId: string | null = null;
      const onEvent = (event: DifyStreamEvent) => {
        if (event.task_id && running.current) running.current.taskId = event.task_id;
        if (event.conversation_id && event.conversation_id !== conversation) {
          conversation = event.conversation_id;
          setConversationId(conversation);
        }
        if (event.event === 'message' || event.event === 'agent_message' || event.event === 'message_end') {
          messageId = event.message_id ?? event.id ?? messageId;
        }
        if (event.event === 'workflow_started' || event.event === 'node_started' || event.event === 'node_finished' || event.event === 'workflow_finished') {
          update(key, (t) => ({ steps: applyWorkflowEvent(t.steps ?? emptyLog, event) }));
        } else if (event.event === 'message' || event.event === 'agent_message') {
          update(key, (t) => ({ answer: t.answer + event.answer, messageId: event.message_id ?? event.id ?? t.messageId }));
        } else if (event.event === 'message_replace') {
          update(key, () => ({ answer: event.answer }));
        } else if (event.event === 'message_end') {
          update(key, (t) => ({ messageId: event.message_id ?? event.id ?? t.messageId, ...shownBeside(event.metadata ?? {}) }));
        }
      };
      try {
        const body = {
          query,
          inputs,
          conversation_id: conversationId ?? undefined,
          auto_generate_name: true,
          files: files.map((f) => ({ type: f.kind, transfer_method: 'local_file', upload_file_id: f.id })),
        };
        const { stopped } = await streamDify({ appId, path: 'chat-messages', body, onEvent, signal: controller.signal, locale });
        update(key, () => ({ status: stopped ? 'stopped' : 'done' }));
        const id = messageId;
        if (!stopped && suggestAfterAnswer && id) {
          api.suggested(id).then(
            (suggested) => update(key, () => ({ suggested })),
            () => undefined,
          );
        }
      } catch (error) {
        const failure = error instanceof AiError ? error : new AiError('other', 'internal_server_error', String(error), 500);
        update(key, () => ({ status: 'error', error: failure }));
      } finally {
        running.current = null;
        setBusy(false);
        if (conversation) onConversationChanged(conversation);
      }
    },
    [api, appId, conversationId, locale, onConversationChanged, suggestAfterAnswer, update],
  );

  /** Stops the answer: the browser stops reading, and the server is told to stop the model. */
  const stop = useCallback(() => {
    const current = running.current;
    if (!current) return;
    current.controller.abort();
    if (current.taskId) api.stop(current.taskId).catch(() => undefined);
  }, [api]);

  /** Asks the last question again, with its files; the new answer replaces the old one on screen. */
  const regenerate = useCallback(
    (inputs: Record<string, string>) => {
      const last = turns.at(-1);
      if (!last || running.current) return;
      setTurns((all) => all.slice(0, -1));
      void send(last.query, inputs, last.files);
    },
    [send, turns],
  );

  /** Shows a conversation (null: a new one) and answers its latest messages; rejects when they cannot be read. */
  const open = useCallback(
    async (id: string | null): Promise<ChatMessage[]> => {
      if (running.current) return [];
      setConversationId(id);
      setEarlier({ loading: false, failed: false });
      const page = id ? await api.messages(id, undefined, MESSAGE_PAGE) : null;
      setTurns(page ? page.data.map(turnFromMessage) : []);
      setHasEarlier(page?.has_more ?? false);
      return page?.data ?? [];
    },
    [api],
  );

  /** The page of messages before the first one shown (`first_id` paging), put above the thread. */
  const loadEarlier = useCallback(async () => {
    const first = turns[0]?.messageId;
    if (!conversationId || !first || earlier.loading) return;
    setEarlier({ loading: true, failed: false });
    try {
      const page = await api.messages(conversationId, first, MESSAGE_PAGE);
      setTurns((all) => prependTurns(all, page.data.map(turnFromMessage)));
      setHasEarlier(page.has_more);
      setEarlier({ loading: false, failed: false });
    } catch {
      setEarlier({ loading: false, failed: true });
    }
  }, [api, conversationId, earlier.loading, turns]);

  const rate = useCallback(
    async (turn: Turn, rating: 'like' | 'dislike') => {
      if (!turn.messageId) return;
      const next = turn.rating === rating ? null : rating;
      await api.feedback(turn.messageId, next);
      update(turn.key, () => ({ rating: next }));
    },
    [api, update],
  );

  return { conversationId, turns, busy, send, stop, regenerate, open, rate, hasEarlier, earlier, loadEarlier };
}
