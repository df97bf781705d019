/**
 * The size of a chat, Ask or workflow run before it starts, built the way the runtime (platform/ai) builds the
 * prompt it meters: the app's instructions, the numbered sources its retrieval adds (research, cited-answer: up to
 * 6; the literature review: up to 8, or every paper of a collection), the library papers or pasted text a paper
 * chat reads, the conversation's last six turns (chat/run-chat.ts MEMORY_TURNS), and the question. Only the call
 * the proxy meters is counted: the answer's (a chatflow's query planning and a title are not metered).
 *
 * The answer's size is not known from the inputs, and no app bounds it (no max_tokens is sent): it is this
 * person's average answer in the app this month when there is one, else a typical answer. `basis` says which.
 * `estimate-accuracy-chat.test.ts` holds it within 25% of the metered tokens.
 */
import { estimateTokens } from './estimate';

/** OpenAI's chat framing: about three tokens a message, and three to prime the answer. */
const PER_MESSAGE = 3;
/** The runtime's instructions per app (o200k tokens of apps/definitions.ts, measured), without what they wrap. */
const INSTRUCTIONS: Record<string, number> = { research: 81, 'cited-answer': 84, 'paper-chat': 96, 'literature-review': 60 };
/**
 * One numbered source: title, up to three authors, year, venue and the two best sentences of its abstract. 110
 * tokens: the median over the default corpus (packages/scholar/data/corpus) is 101 for its English records, 117
 * for its Chinese ones.
 */
export const SOURCE_TOKENS = 110;
/** How many sources each retrieval hands the model at most (research/answer.ts, chatflow/retrieve-step.ts, review-steps.ts). */
const SOURCES: Record<string, number> = { research: 6, 'cited-answer': 6, 'literature-review': 8 };
/** Ask with "also search my library" adds up to four of the library's papers (chat/answer.ts LIBRARY_LIMIT). */
const LIBRARY_SOURCES = 4;
/** A library paper's record in a paper chat (title, authors, venue, DOI, abstract) without its PDF's text. */
export const LIBRARY_PAPER_TOKENS = 300;
const MEMORY_TURNS = 6;
/** A typical answer, for someone who has run the app no time this month. */
export const TYPICAL_ANSWER: Record<string, number> = { research: 450, 'cited-answer': 450, 'paper-chat': 400, 'literature-review': 900 };

export type ChatEstimateApp = 'research' | 'cited-answer' | 'paper-chat' | 'literature-review';
export const chatEstimateApps: readonly string[] = Object.keys(INSTRUCTIONS);

export type ChatDraft = {
  /** The question being typed (a review's topic is in `inputs.topic`). */
  query: string;
  inputs: Record<string, string | undefined>;
  /** The conversation so far, oldest first. */
  history?: ReadonlyArray<{ query: string; answer: string }>;
  /** Papers of a chosen collection, when the page knows how many it holds. */
  collectionPapers?: number;
  /** Files attached to the question: a plain-text document's text, or null where it is not known before the run (PDFs, images). */
  attachments?: ReadonlyArray<{ text: string | null }>;
};

/** The framing the runtime puts around attached documents (chat/attachments.ts questionWithDocuments). */
const FILES_INTRO = 8;
const PER_FILE = 12;

/** Attached files the estimate cannot count: their text is read by the runtime (a PDF), or they are images. */
export const uncountedFiles = (draft: Pick<ChatDraft, 'attachments'> | undefined) => (draft?.attachments ?? []).filter((file) => file.text === null).length;

function attachedTokens(attachments: ChatDraft['attachments']): number {
  const documents = (attachments ?? []).filter((file) => file.text !== null);
  if (documents.length === 0) return 0;
  return FILES_INTRO + documents.reduce((sum, file) => sum + PER_FILE + estimateTokens(file.text!), 0);
}

/** Where the answer's size comes from: this person's answers in the app this month, or a typical one. */
export type AnswerBasis = { kind: 'average'; outputTokens: number; runs: number } | { kind: 'typical'; outputTokens: number };

export type UsageDays = ReadonlyArray<{ appId: string; messages: number; inputTokens: number; outputTokens: number; totalTokens: number }>;

/**
 * The person's average answer in the app this month. A workflow's run is metered as one total (no split): its
 * answer is then the average total less what this run's prompt is estimated at.
 */
export function answerBasis(appId: string, days: UsageDays | undefined, inputTokens: number): AnswerBasis {
  const rows = (days ?? []).filter((day) => day.appId === appId && day.messages > 0);
  const runs = rows.reduce((sum, day) => sum + day.messages, 0);
  const output = rows.reduce((sum, day) => sum + day.outputTokens, 0);
  const total = rows.reduce((sum, day) => sum + day.totalTokens, 0);
  if (runs > 0 && output > 0) return { kind: 'average', outputTokens: Math.round(output / runs), runs };
  if (runs > 0 && total > 0) return { kind: 'average', outputTokens: Math.max(1, Math.round(total / runs) - inputTokens), runs };
  return { kind: 'typical', outputTokens: TYPICAL_ANSWER[appId] ?? 400 };
}

/** The prompt of the metered call, in tokens; null while there is nothing to run. */
export function estimateChatInput(appId: string, draft: ChatDraft): number | null {
  const instructions = INSTRUCTIONS[appId];
  if (instructions === undefined) return null;
  const { inputs } = draft;
  if (appId === 'literature-review') {
    const topic = inputs.topic?.trim() ?? '';
    const collection = Boolean(inputs.library_collection?.trim());
    if (!topic && !collection) return null;
    const sources = collection ? (draft.collectionPapers ?? SOURCES[appId]!) : SOURCES[appId]!;
    // "Write a literature review on: <topic>" is the user's message.
    return instructions + sources * SOURCE_TOKENS + estimateTokens(topic) + 8 + 2 * PER_MESSAGE + PER_MESSAGE;
  }
  const query = draft.query.trim();
  if (!query) return null;
  let context = 0;
  if (appId === 'paper-chat') {
    const papers = (inputs.library_papers ?? '').split(',').filter((id) => id.trim()).length;
    const collection = inputs.library_collection?.trim() ? (draft.collectionPapers ?? 0) : 0;
    context = estimateTokens(inputs.paper ?? '') + (papers + collection) * LIBRARY_PAPER_TOKENS;
  } else {
    const scoped = appId === 'research' && Boolean(inputs.library_collection?.trim());
    const library = appId === 'research' && !scoped && inputs.search_library === 'yes' ? LIBRARY_SOURCES : 0;
    const sources = scoped ? Math.min(SOURCES[appId]!, draft.collectionPapers ?? SOURCES[appId]!) : SOURCES[appId]! + library;
    context = sources * SOURCE_TOKENS;
  }
  const turns = (draft.history ?? []).filter((turn) => turn.answer.trim()).slice(-MEMORY_TURNS);
  const history = turns.reduce((sum, turn) => sum + estimateTokens(turn.query) + estimateTokens(turn.answer) + 2 * PER_MESSAGE, 0);
  return instructions + context + history + estimateTokens(query) + attachedTokens(draft.attachments) + 2 * PER_MESSAGE + PER_MESSAGE;
}

export type ChatRunEstimate = {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  basis: AnswerBasis['kind'];
  /** Attached files left out of the estimate (see uncountedFiles). */
  uncounted: number;
};

export function estimateChatRun(appId: string, draft: ChatDraft, days: UsageDays | undefined): ChatRunEstimate | null {
  const inputTokens = estimateChatInput(appId, draft);
  if (inputTokens === null) return null;
  const basis = answerBasis(appId, days, inputTokens);
  return { inputTokens, outputTokens: basis.outputTokens, totalTokens: inputTokens + basis.outputTokens, basis: basis.kind, uncounted: uncountedFiles(draft) };
}
