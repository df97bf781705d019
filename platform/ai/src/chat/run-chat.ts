// POST /chat-messages: continue or start a conversation, answer, keep the message, title the conversation.
import { randomUUID } from 'node:crypto';
import { languageOfText, type AppDefinition } from '../apps/types';
import type { AiContext } from '../context';
import { DifyError, invalidParam } from '../errors';
import { PROVIDER_HELP } from '../config';
import { citedAnswerFlow, type ChatflowResult } from '../chatflow/cited-answer';
import type { DifyEvent, Run } from '../stream/respond';
import { difyUsage } from '../stream/usage';
import { createConversation, getConversationOrThrow, touchConversation } from '../store/conversations';
import { insertMessage, recentTurns, updateMessage } from '../store/messages';
import { nowSeconds } from '../time';
import { produceAnswer, type AnswerResult } from './answer';
import { loadAttachments, messageFiles, type FileReference } from './attachments';
import { chosenPapers, libraryChoice, libraryPapersText } from './library-papers';
import { generateTitle } from './titles';
import { validateInputs } from './validate-inputs';

export interface ChatRequest {
  query: string;
  inputs: Record<string, unknown>;
  user: string;
  conversationId?: string;
  autoGenerateName: boolean;
  files: FileReference[];
}

const MEMORY_TURNS = 6;

export async function startChat(ctx: AiContext, app: AppDefinition, request: ChatRequest): Promise<Run> {
  if (!ctx.config.modelFor(app.id) && !app.worksWithoutModel) throw new DifyError(400, 'provider_not_initialize', PROVIDER_HELP);
  const existing = request.conversationId ? await getConversationOrThrow(ctx.db, app.id, request.user, request.conversationId) : null;
  // A conversation keeps the inputs it started with, as in Dify.
  const inputs = existing ? existing.inputs : validateInputs(app, request.inputs);
  // The chatflow has no file variable: a file would be dropped unread, so it is refused (and /parameters offers none).
  if (app.mode === 'advanced-chat' && request.files.length) throw invalidParam('This app does not take files.');
  const attachments = await loadAttachments(ctx, app, request.user, request.files);
  // Read again for every message (each reading is kept), as the user's library may have changed in between.
  // A retrieval app (Ask) searches only the collection's papers; the others read the chosen papers whole.
  const choice = app.mode === 'chat' ? libraryChoice(inputs) : null;
  const chosen = choice ? await chosenPapers(ctx, request.user, choice, AbortSignal.timeout(ctx.config.LLM_TIMEOUT_MS)) : null;
  const scope = chosen && app.retrieval ? chosen : undefined;
  const library = chosen && !app.retrieval ? await libraryPapersText(ctx, chosen) : '';
  const conversation =
    existing ??
    (await createConversation(ctx.db, {
      appId: app.id,
      user: request.user,
      inputs,
      introduction: app.openingStatement?.[languageOfText(request.query)] ?? '',
    }));
  const history = existing ? await recentTurns(ctx.db, conversation.id, MEMORY_TURNS) : [];
  const taskId = randomUUID();
  const message = await insertMessage(ctx.db, {
    appId: app.id,
    endUser: request.user,
    conversationId: conversation.id,
    taskId,
    inputs,
    query: request.query,
    files: messageFiles(request.files, attachments),
  });
  const controller = ctx.tasks.start(taskId, app.id, request.user);
  const ids = { task_id: taskId, id: message.id, message_id: message.id, conversation_id: conversation.id };
  const createdAt = nowSeconds();
  const startedAt = Date.now();

  // A Chatflow's answer is a workflow run: its workflow and node events come through between the text chunks, each
  // with the conversation's fields as Dify adds them to every event of an advanced-chat stream.
  const answer: AsyncGenerator<string | DifyEvent, AnswerResult | ChatflowResult> =
    app.mode === 'advanced-chat'
      ? citedAnswerFlow(ctx, {
          app,
          query: request.query,
          inputs,
          history,
          user: request.user,
          conversationId: conversation.id,
          taskId,
          signal: controller.signal,
        })
      : produceAnswer(ctx, {
          app,
          query: request.query,
          inputs: library ? { ...inputs, library } : inputs,
          history,
          attachments,
          scope,
          user: request.user,
          signal: controller.signal,
        });
  const chatFields = { conversation_id: conversation.id, message_id: message.id, created_at: createdAt };

  async function* events(): Run['events'] {
    let streamed = '';
    let next = await answer.next().catch((error: unknown) => fail(error, streamed));
    while (!next.done) {
      if (typeof next.value === 'string') {
        streamed += next.value;
        yield {
          event: 'message',
          ...ids,
          answer: next.value,
          created_at: createdAt,
          ...(app.mode === 'advanced-chat' ? { from_variable_selector: ['generate', 'text'] } : {}),
        };
      } else {
        // A chatflow's run is linked to its message as soon as it starts, so its steps reopen with the message
        // even when the answer later fails or is stopped.
        if (next.value.event === 'workflow_started') await updateMessage(ctx.db, message.id, { workflowRunId: String(next.value.workflow_run_id) });
        yield { ...next.value, ...chatFields };
      }
      next = await answer.next().catch((error: unknown) => fail(error, streamed));
    }
    const result = next.value;
    if (result.replaced !== null) yield { event: 'message_replace', ...ids, answer: result.replaced, created_at: createdAt };
    // Dify's order for a Chatflow: workflow_finished, then message_end.
    if ('workflowFinished' in result) yield { ...result.workflowFinished, ...chatFields };
    const usage = difyUsage(result.usage, startedAt);
    const citationCheck = result.citationCheck ? { citation_check: result.citationCheck } : {};
    const answerSource = result.extractive ? 'extractive_evidence' : null;
    // Everything message_end shows beside the text is kept, so the reopened message shows the same.
    await updateMessage(ctx.db, message.id, {
      answer: result.answer,
      status: result.stopped ? 'stopped' : 'normal',
      usage,
      retrieverResources: result.resources,
      citationCheck: result.citationCheck,
      searchLog: result.searchLog,
      uncitedResources: result.uncited,
      answerSource,
    });
    await touchConversation(ctx.db, conversation.id);
    if (!existing && request.autoGenerateName) ctx.background(generateTitle(ctx, app, conversation.id, request.query));
    const metadata = {
      usage,
      retriever_resources: result.resources,
      ...citationCheck,
      ...(result.searchLog ? { search_log: result.searchLog } : {}),
      ...(result.uncited.length ? { uncited_resources: result.uncited } : {}),
      ...(answerSource ? { answer_source: answerSource } : {}),
    };
    yield { event: 'message_end', ...ids, metadata, files: [] };
    return { event: 'message', ...ids, mode: app.mode, answer: result.answer, metadata, created_at: createdAt };
  }

  async function fail(error: unknown, partial: string): Promise<never> {
    const text = error instanceof Error ? error.message : String(error);
    await updateMessage(ctx.db, message.id, { answer: partial, status: 'error', error: text }).catch(() => undefined);
    throw error;
  }

  return {
    events: events(),
    controller,
    errorFields: () => ({ task_id: taskId, message_id: message.id, conversation_id: conversation.id }),
    cleanup: () => ctx.tasks.finish(taskId),
  };
}
