// POST /completion-messages: one answer from the app's prompt and the caller's inputs; no conversation.
import { randomUUID } from 'node:crypto';
import type { AppDefinition } from '../apps/types';
import { produceAnswer } from '../chat/answer';
import { validateInputs } from '../chat/validate-inputs';
import { PROVIDER_HELP } from '../config';
import type { AiContext } from '../context';
import { DifyError } from '../errors';
import type { Run } from '../stream/respond';
import { difyUsage } from '../stream/usage';
import { insertMessage, updateMessage } from '../store/messages';
import { nowSeconds } from '../time';

export interface CompletionRequest {
  inputs: Record<string, unknown>;
  user: string;
  files: unknown[];
}

export async function startCompletion(ctx: AiContext, app: AppDefinition, request: CompletionRequest): Promise<Run> {
  if (!ctx.config.modelFor(app.id) && !app.worksWithoutModel) throw new DifyError(400, 'provider_not_initialize', PROVIDER_HELP);
  const inputs = validateInputs(app, request.inputs);
  const query = String(inputs.query ?? '');
  const taskId = randomUUID();
  const message = await insertMessage(ctx.db, { appId: app.id, endUser: request.user, conversationId: null, taskId, inputs, query, files: request.files });
  const controller = ctx.tasks.start(taskId, app.id, request.user);
  const ids = { task_id: taskId, id: message.id, message_id: message.id };
  const createdAt = nowSeconds();
  const startedAt = Date.now();

  async function* events(): Run['events'] {
    const answer = produceAnswer(ctx, { app, query, inputs, history: [], signal: controller.signal });
    let streamed = '';
    const fail = async (error: unknown): Promise<never> => {
      await updateMessage(ctx.db, message.id, { answer: streamed, status: 'error', error: error instanceof Error ? error.message : String(error) }).catch(
        () => undefined,
      );
      throw error;
    };
    let next = await answer.next().catch(fail);
    while (!next.done) {
      streamed += next.value;
      yield { event: 'message', ...ids, answer: next.value, created_at: createdAt };
      next = await answer.next().catch(fail);
    }
    const result = next.value;
    if (result.replaced !== null) yield { event: 'message_replace', ...ids, answer: result.replaced, created_at: createdAt };
    const usage = difyUsage(result.usage, startedAt);
    await updateMessage(ctx.db, message.id, { answer: result.answer, status: result.stopped ? 'stopped' : 'normal', usage });
    const metadata = { usage, retriever_resources: result.resources };
    yield { event: 'message_end', ...ids, metadata, files: [] };
    return { event: 'message', ...ids, mode: app.mode, answer: result.answer, metadata, created_at: createdAt };
  }

  return {
    events: events(),
    controller,
    errorFields: () => ({ task_id: taskId, message_id: message.id }),
    cleanup: () => ctx.tasks.finish(taskId),
  };
}
