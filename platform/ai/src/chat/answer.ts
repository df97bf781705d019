// One answer of any app: stream the model (or the extractive evidence), then check its citations. Shared by the
// chat and completion runs; yields text chunks and returns what the message keeps.
import type { AppDefinition } from '../apps/types';
import { fillTemplate } from '../apps/types';
import type { AiContext } from '../context';
import { questionWithDocuments, type Attachment } from './attachments';
import { streamChat, type ChatTurn, type ContentPart, type ModelUsage } from '../llm/model-client';
import { checkCitations, type CitationCheck } from '../research/check-citations';
import { extractiveAnswer } from '../research/extractive-answer';
import { toResource, type RetrieverResource } from '../research/resources';
import { retrieve, sourcesPrompt, type Evidence, type RetrievalSource } from '../research/retrieve';
import { promptVersion, searchLog, type SearchLog } from '../research/search-log';
import { mergeEvidence, rankCollection, rankLibrary, type LibraryEntry, type LibraryEvidence } from '../research/library';

export interface AnswerInput {
  app: AppDefinition;
  query: string;
  inputs: Record<string, unknown>;
  history: Array<{ query: string; answer: string }>;
  /** Dify's end user, whose library is searched when the inputs ask for it. */
  user?: string;
  /** Files sent with the question (chat apps), already read. */
  attachments?: Attachment[];
  /** A collection's papers (the end user's, already read): a retrieval app answers from these alone. */
  scope?: LibraryEntry[];
  signal: AbortSignal;
}

export interface AnswerResult {
  answer: string;
  /** Set when the citation check changed the answer: the client must replace what it streamed. */
  replaced: string | null;
  usage: ModelUsage | null;
  resources: RetrieverResource[];
  /** The retrieved papers the answer does not cite ("N papers found" lists them too). */
  uncited: RetrieverResource[];
  citationCheck: Omit<CitationCheck, 'answer'> | null;
  /** What the retrieval asked which source, and what came back; null for apps without retrieval. */
  searchLog: SearchLog | null;
  /** True when no model is configured and the answer is the extractive evidence. */
  extractive: boolean;
  stopped: boolean;
}

const EVIDENCE_LIMIT = 6;

export async function* produceAnswer(ctx: AiContext, input: AnswerInput): AsyncGenerator<string, AnswerResult> {
  const { app, signal } = input;
  const model = ctx.config.modelFor(app.id);
  const registry = app.retrieval ? await ctx.sources() : null;
  const startedAt = Date.now();
  const wantsLibrary = app.retrieval && input.inputs.search_library === 'yes' && input.user !== undefined;
  // Scoped to a collection, the answer comes from its papers only: the literature is not searched.
  const scope = app.retrieval ? (input.scope ?? null) : null;
  const [literature, library] = await Promise.all([
    registry && !scope ? retrieve(registry, input.query, { limit: EVIDENCE_LIMIT, signal }) : null,
    scope ? scopeEvidence(scope, input.query) : wantsLibrary ? searchLibrary(ctx, input.user!, input.query, signal) : null,
  ]);
  const retrieval =
    literature && library ? { evidence: mergeEvidence(library.evidence, literature.evidence), sources: [...literature.sources, library.status] } : literature;
  const evidence: Evidence[] = scope ? library!.evidence : (retrieval?.evidence ?? []);
  const log =
    literature || scope
      ? searchLog({
          app: app.id,
          question: input.query,
          searches: literature?.search ? [literature.search] : [],
          library,
          selected: evidence,
          model: model?.model ?? null,
          promptVersion: promptVersion(app),
          tookMs: Date.now() - startedAt,
        })
      : null;
  let answer = '';
  let usage: ModelUsage | null = null;

  if (!model) {
    for (const chunk of extractiveAnswer(input.query, evidence)) {
      if (signal.aborted) break;
      answer += chunk;
      yield chunk;
    }
    const cited = evidence.filter((e) => answer.includes(`[${e.position}]`));
    const uncited = evidence.filter((e) => !cited.includes(e)).map(toResource);
    return {
      answer,
      replaced: null,
      usage: null,
      resources: cited.map(toResource),
      uncited,
      citationCheck: null,
      searchLog: log,
      extractive: true,
      stopped: signal.aborted,
    };
  }

  const system = fillTemplate(app.systemPrompt, input.inputs) + (app.retrieval ? `\n\n${sourcesPrompt(evidence)}` : '');
  const turns: ChatTurn[] = [{ role: 'system', content: system }];
  for (const turn of input.history) turns.push({ role: 'user', content: turn.query }, { role: 'assistant', content: turn.answer });
  turns.push({ role: 'user', content: userContent(app.userPrompt ? fillTemplate(app.userPrompt, input.inputs) : input.query, input.attachments ?? []) });

  let stopped = false;
  for await (const event of streamChat(model, turns, { signal, timeoutMs: ctx.config.LLM_TIMEOUT_MS })) {
    if (event.type === 'delta') {
      answer += event.text;
      yield event.text;
    } else {
      usage = event.usage;
      stopped = event.finishReason === 'stopped';
    }
  }
  if (!app.retrieval) return { answer, replaced: null, usage, resources: [], uncited: [], citationCheck: null, searchLog: null, extractive: false, stopped };

  const check = await checkCitations(answer, evidence, registry, signal);
  const { answer: checked, ...citationCheck } = check;
  const resources = evidence.filter((e) => check.cited.includes(e.position)).map(toResource);
  const uncited = evidence.filter((e) => !check.cited.includes(e.position)).map(toResource);
  return {
    answer: checked,
    replaced: checked === answer ? null : checked,
    usage,
    resources,
    uncited,
    citationCheck,
    searchLog: log,
    extractive: false,
    stopped,
  };
}

/** The user's message: the question with its documents' text, and its images as image parts when there are any. */
function userContent(question: string, attachments: Attachment[]): string | ContentPart[] {
  const text = questionWithDocuments(question, attachments);
  const images = attachments.filter((a) => a.dataUrl);
  if (images.length === 0) return text;
  return [{ type: 'text', text }, ...images.map((a): ContentPart => ({ type: 'image_url', image_url: { url: a.dataUrl! } }))];
}

const LIBRARY_LIMIT = 4;

/** A collection's papers ranked against the question, with their line in the search log. */
function scopeEvidence(entries: LibraryEntry[], query: string): { evidence: LibraryEvidence[]; status: RetrievalSource } {
  const evidence = rankCollection(entries, query, EVIDENCE_LIMIT);
  return { evidence, status: { source: 'library', state: 'ok', returned: evidence.length, total: entries.length, tookMs: 0 } };
}

/** The user's library, ranked against the question, with its line in the search log. */
async function searchLibrary(
  ctx: AiContext,
  user: string,
  query: string,
  signal: AbortSignal,
): Promise<{ evidence: LibraryEvidence[]; status: RetrievalSource }> {
  const startedAt = Date.now();
  try {
    const entries = ctx.library ? await ctx.library(user, signal) : [];
    const evidence = rankLibrary(entries, query, LIBRARY_LIMIT);
    return { evidence, status: { source: 'library', state: 'ok', returned: evidence.length, total: evidence.length, tookMs: Date.now() - startedAt } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { evidence: [], status: { source: 'library', state: 'error', message, tookMs: Date.now() - startedAt } };
  }
}
