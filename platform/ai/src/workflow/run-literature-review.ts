// POST /workflows/run for the literature review: plan → search → screen → synthesise, as Dify workflow events.
import { randomUUID } from 'node:crypto';
import type { AppDefinition } from '../apps/types';
import { fillTemplate } from '../apps/types';
import { validateInputs } from '../chat/validate-inputs';
import { PROVIDER_HELP } from '../config';
import type { AiContext } from '../context';
import { DifyError, invalidParam } from '../errors';
import { streamChat } from '../llm/model-client';
import { sourcesPrompt, type Evidence } from '../research/retrieve';
import type { Run } from '../stream/respond';
import { finishRun, insertRun, runJson } from '../store/workflow-runs';
import { nowSeconds } from '../time';
import { promptVersion, searchLog, type QuerySearch } from '../research/search-log';
import { NodeTrail, type NodeOutcome, type NodeSpec } from './nodes';
import { finishReview } from './review-references';
import { collectionPapers, collectionScreening } from './collection-steps';
import { PLANNER_PROMPT, planQueries, screen, searchAll, type Found } from './review-steps';
import { workflowVersionId } from './version-id';

export const WORKFLOW_VERSION = 'literature-review@1';

export async function startLiteratureReview(ctx: AiContext, app: AppDefinition, request: { inputs: Record<string, unknown>; user: string }): Promise<Run> {
  const model = ctx.config.modelFor(app.id);
  if (!model) throw new DifyError(400, 'provider_not_initialize', PROVIDER_HELP);
  const inputs = validateInputs(app, request.inputs);
  const topic = String(inputs.topic ?? '').trim();
  const collectionId = String(inputs.library_collection ?? '').trim();
  if (!topic && !collectionId) throw invalidParam('topic is required in input form');
  // Read before the run starts, so a collection that is not the user's is refused as the request's answer.
  const collection = collectionId ? await collectionPapers(ctx, request.user, collectionId) : null;
  const taskId = randomUUID();
  const run = await insertRun(ctx.db, { appId: app.id, endUser: request.user, taskId, workflowId: WORKFLOW_VERSION, status: 'running', inputs });
  const controller = ctx.tasks.start(taskId, app.id, request.user);
  const signal = controller.signal;
  const base = { task_id: taskId, workflow_run_id: run.id };
  const trail = new NodeTrail(base);
  const startedAt = Date.now();
  const options = { signal, timeoutMs: ctx.config.LLM_TIMEOUT_MS };

  const step = (spec: NodeSpec, work: () => Promise<NodeOutcome>) => trail.step(spec, signal, work);

  async function* events(): Run['events'] {
    yield {
      event: 'workflow_started',
      ...base,
      data: { id: run.id, workflow_id: workflowVersionId(app.id, WORKFLOW_VERSION), sequence_number: 1, inputs, created_at: nowSeconds() },
    };
    let outputs: Record<string, unknown> | null = null;
    let failure: string | null = null;
    try {
      yield* step({ nodeId: 'start', nodeType: 'start', title: 'Start', inputs }, async () => ({ outputs: inputs }));
      const registry = await ctx.sources();
      let kept: Evidence[];
      let queries: string[] = [];
      let searches: QuerySearch[] = [];
      const searchStarted = Date.now();
      if (collection) {
        yield* step({ nodeId: 'collection', nodeType: 'tool', title: 'Read the collection', inputs: { collection: collectionId } }, async () => ({
          outputs: { papers: collection.length },
        }));
        const screening = collectionScreening(collection, topic);
        yield* step({ nodeId: 'screen', nodeType: 'code', title: 'Screen', inputs: { found: collection.length } }, async () => ({ outputs: screening.report }));
        kept = screening.kept;
      } else {
        const plan = yield* step({ nodeId: 'plan', nodeType: 'llm', title: 'Plan queries', inputs: { topic } }, async () => ({
          outputs: { queries: await planQueries(model!, topic, options) },
        }));
        queries = plan.outputs.queries as string[];
        const searched = yield* step({ nodeId: 'search', nodeType: 'tool', title: 'Search the literature', inputs: { queries } }, async () => {
          const { found, searches } = await searchAll(registry, queries, signal);
          const perQuery = searches.map((s) => ({
            query: s.query,
            results: s.results.length,
            sources: s.sources.map(({ source, state, returned }) => ({ source, state, returned })),
          }));
          return { outputs: { found: found.length, searches: perQuery }, processData: { found, searches } };
        });
        searches = searched.processData!.searches as QuerySearch[];
        const screened = yield* step({ nodeId: 'screen', nodeType: 'code', title: 'Screen', inputs: { found: searched.outputs.found } }, async () => {
          const result = screen(searched.processData!.found as Found[], queries.length);
          return { outputs: result.report, processData: { kept: result.kept } };
        });
        kept = screened.processData!.kept as Evidence[];
      }
      const log = searchLog({
        app: app.id,
        question: topic,
        searches,
        selected: kept,
        model: model!.model,
        promptVersion: promptVersion(app, WORKFLOW_VERSION, PLANNER_PROMPT),
        tookMs: Date.now() - searchStarted,
      });
      const synth = trail.started({ nodeId: 'synthesise', nodeType: 'llm', title: 'Synthesise with citations', inputs: { papers: kept.length } });
      yield synth.event;
      let text = '';
      let tokens = 0;
      try {
        const system = `${fillTemplate(app.systemPrompt, inputs)}\n\n${sourcesPrompt(kept)}`;
        const turns = [
          { role: 'system' as const, content: system },
          { role: 'user' as const, content: topic ? `Write a literature review on: ${topic}` : 'Write a literature review of these papers.' },
        ];
        for await (const event of streamChat(model!, turns, options)) {
          if (event.type === 'delta') {
            text += event.text;
            yield { event: 'text_chunk', ...base, data: { text: event.text, from_variable_selector: ['synthesise', 'text'] } };
          } else tokens = event.usage.total_tokens;
        }
      } catch (error) {
        yield synth.finished('failed', null, error instanceof Error ? error.message : String(error));
        throw error;
      }
      const review = await finishReview(registry, kept, text, { queries, log, signal });
      outputs = review;
      yield synth.finished(
        signal.aborted ? 'stopped' : 'succeeded',
        { outputs: { text: review.text, cited: review.citations.map((c) => c.position), flagged: review.flagged_citations }, tokens },
        null,
      );
      yield* step({ nodeId: 'end', nodeType: 'end', title: 'End', inputs: { text: review.text } }, async () => ({ outputs: review }));
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const status = signal.aborted ? 'stopped' : failure ? 'failed' : 'succeeded';
    const finished = await finishRun(
      ctx.db,
      run.id,
      {
        status,
        outputs,
        error: failure,
        elapsedTime: (Date.now() - startedAt) / 1000,
        totalTokens: trail.tokens,
        totalSteps: trail.steps,
      },
      trail.records,
    );
    const data = runJson(finished);
    yield { event: 'workflow_finished', ...base, data };
    return { ...base, data };
  }

  return { events: events(), controller, errorFields: () => base, cleanup: () => ctx.tasks.finish(taskId) };
}
