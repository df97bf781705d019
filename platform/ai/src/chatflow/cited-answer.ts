// The chatflow (Dify's `advanced-chat`) of the cited-answer app: each answer is a small workflow run whose steps
// stream as Dify's node events: plan the search (model), retrieve papers (the research assistant's retrieval),
// write the answer (model, or the extractive evidence without one), check its citations, answer.
import type { AppDefinition } from '../apps/types';
import { fillTemplate } from '../apps/types';
import type { AiContext } from '../context';
import { streamChat, type ChatTurn, type ModelUsage } from '../llm/model-client';
import { checkCitations } from '../research/check-citations';
import { extractiveAnswer } from '../research/extractive-answer';
import { toResource } from '../research/resources';
import { sourcesPrompt, type Evidence } from '../research/retrieve';
import { promptVersion, searchLog } from '../research/search-log';
import type { DifyEvent } from '../stream/respond';
import { finishRun, insertRun, runJson } from '../store/workflow-runs';
import { nowSeconds } from '../time';
import { PLANNER_PROMPT, planQueries } from '../workflow/review-steps';
import { NodeTrail, type NodeOutcome, type NodeSpec } from '../workflow/nodes';
import type { AnswerResult } from '../chat/answer';
import { retrieveAll } from './retrieve-step';
import { workflowVersionId } from '../workflow/version-id';

export const CHATFLOW_VERSION = 'cited-answer@1';

export interface ChatflowInput {
  app: AppDefinition;
  query: string;
  inputs: Record<string, unknown>;
  history: Array<{ query: string; answer: string }>;
  user: string;
  conversationId: string;
  taskId: string;
  signal: AbortSignal;
}

/** What the chat run needs after the answer: the message's fields, and the run's `workflow_finished` event. */
export interface ChatflowResult extends AnswerResult {
  workflowFinished: DifyEvent;
}

/**
 * Yields the run's workflow and node events (objects) and the answer's text chunks (strings) in Dify's order;
 * returns the answer and the `workflow_finished` event, which the caller sends before `message_end`. A failing
 * step ends the run as failed (its `workflow_finished` is yielded) and then throws, which becomes Dify's `error`.
 */
export async function* citedAnswerFlow(ctx: AiContext, input: ChatflowInput): AsyncGenerator<string | DifyEvent, ChatflowResult> {
  const { app, query, signal } = input;
  const model = ctx.config.modelFor(app.id);
  const sysInputs = {
    ...input.inputs,
    'sys.query': query,
    'sys.conversation_id': input.conversationId,
    'sys.user_id': input.user,
    'sys.dialogue_count': input.history.length + 1,
  };
  const run = await insertRun(ctx.db, {
    appId: app.id,
    endUser: input.user,
    taskId: input.taskId,
    workflowId: CHATFLOW_VERSION,
    status: 'running',
    inputs: sysInputs,
  });
  const base = { task_id: input.taskId, workflow_run_id: run.id };
  const trail = new NodeTrail(base);
  const startedAt = Date.now();

  const step = (spec: NodeSpec, work: () => Promise<NodeOutcome>) => trail.step(spec, signal, work);

  async function finished(status: 'succeeded' | 'failed' | 'stopped', outputs: Record<string, unknown> | null, error: string | null): Promise<DifyEvent> {
    const row = await finishRun(
      ctx.db,
      run.id,
      { status, outputs, error, elapsedTime: (Date.now() - startedAt) / 1000, totalTokens: trail.tokens, totalSteps: trail.steps },
      trail.records,
    );
    return { event: 'workflow_finished', ...base, data: runJson(row) };
  }

  yield {
    event: 'workflow_started',
    ...base,
    data: { id: run.id, workflow_id: workflowVersionId(app.id, CHATFLOW_VERSION), sequence_number: 1, inputs: sysInputs, created_at: nowSeconds() },
  };
  try {
    yield* step({ nodeId: 'start', nodeType: 'start', title: 'Start', inputs: sysInputs }, async () => ({ outputs: sysInputs }));

    const plan = yield* step({ nodeId: 'plan', nodeType: 'llm', title: 'Plan the search', inputs: { question: query } }, async () => {
      // `planned_by` says where the queries came from (the UI words it): without a model, the question as written.
      if (!model) return { outputs: { queries: [query.slice(0, 300)], planned_by: 'question' } };
      return { outputs: { queries: await planQueries(model, query, { signal, timeoutMs: ctx.config.LLM_TIMEOUT_MS }), planned_by: 'model' } };
    });
    const queries = plan.outputs.queries as string[];

    const registry = await ctx.sources();
    const retrievalStarted = Date.now();
    const retrieved = yield* step({ nodeId: 'retrieve', nodeType: 'knowledge-retrieval', title: 'Retrieve papers', inputs: { queries } }, async () => {
      const { evidence, searches, detail } = await retrieveAll(registry, queries, signal);
      const log = searchLog({
        app: app.id,
        question: query,
        searches,
        selected: evidence,
        model: model?.model ?? null,
        promptVersion: promptVersion(app, CHATFLOW_VERSION, PLANNER_PROMPT),
        tookMs: Date.now() - retrievalStarted,
      });
      // The outputs are what the step's log keeps: each query's hits per source, each paper found and why it was kept.
      return { outputs: { ...detail }, processData: { evidence, log } };
    });
    const evidence = retrieved.processData!.evidence as Evidence[];
    const log = retrieved.processData!.log as AnswerResult['searchLog'];

    // The answer streams inside its node, as a Chatflow's LLM node streams into its Answer node.
    const generate = trail.started({
      nodeId: 'generate',
      nodeType: model ? 'llm' : 'code',
      title: 'Write the answer',
      inputs: { question: query, papers: evidence.length },
    });
    const writer = model ? 'model' : 'extractive';
    yield generate.event;
    let text = '';
    let usage: ModelUsage | null = null;
    let stopped = false;
    try {
      if (!model) {
        for (const chunk of extractiveAnswer(query, evidence)) {
          if (signal.aborted) break;
          text += chunk;
          yield chunk;
        }
        stopped = signal.aborted;
      } else {
        const turns: ChatTurn[] = [{ role: 'system', content: `${fillTemplate(app.systemPrompt, input.inputs)}\n\n${sourcesPrompt(evidence)}` }];
        for (const turn of input.history) turns.push({ role: 'user', content: turn.query }, { role: 'assistant', content: turn.answer });
        turns.push({ role: 'user', content: query });
        for await (const event of streamChat(model, turns, { signal, timeoutMs: ctx.config.LLM_TIMEOUT_MS })) {
          if (event.type === 'delta') {
            text += event.text;
            yield event.text;
          } else {
            usage = event.usage;
            stopped = event.finishReason === 'stopped';
          }
        }
      }
    } catch (error) {
      yield generate.finished(signal.aborted ? 'stopped' : 'failed', null, error instanceof Error ? error.message : String(error));
      throw error;
    }
    yield generate.finished(stopped ? 'stopped' : 'succeeded', { outputs: { text, writer, papers: evidence.length }, tokens: usage?.total_tokens ?? 0 }, null);

    const checked = yield* step({ nodeId: 'check', nodeType: 'code', title: 'Check citations', inputs: { text } }, async () => {
      // The extractive evidence cites each paper it quotes by construction; a stopped answer is not checked.
      if (!model || stopped) {
        const cited = evidence.filter((e) => text.includes(`[${e.position}]`)).map((e) => e.position);
        return { outputs: { text, cited, flagged: [], verified: [], skipped: model ? 'stopped' : 'extractive' }, processData: { check: null } };
      }
      const check = await checkCitations(text, evidence, registry, signal);
      return { outputs: { text: check.answer, cited: check.cited, flagged: check.flagged, verified: check.verified, skipped: null }, processData: { check } };
    });
    const answer = checked.outputs.text as string;
    const cited = checked.outputs.cited as number[];
    const check = checked.processData!.check as Awaited<ReturnType<typeof checkCitations>> | null;

    yield* step({ nodeId: 'answer', nodeType: 'answer', title: 'Answer', inputs: { text: answer } }, async () => ({ outputs: { answer } }));

    const resources = evidence.filter((e) => cited.includes(e.position)).map(toResource);
    const uncited = evidence.filter((e) => !cited.includes(e.position)).map(toResource);
    const citationCheck = check ? { cited: check.cited, flagged: check.flagged, verified: check.verified } : null;
    const workflowFinished = await finished(stopped || signal.aborted ? 'stopped' : 'succeeded', { answer }, null);
    return {
      answer,
      replaced: answer === text ? null : answer,
      usage,
      resources,
      uncited,
      citationCheck,
      searchLog: log,
      extractive: !model,
      stopped: stopped || signal.aborted,
      workflowFinished,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield await finished(signal.aborted ? 'stopped' : 'failed', null, message);
    throw error;
  }
}
