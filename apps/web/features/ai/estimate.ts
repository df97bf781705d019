/**
 * The size of an AI run, estimated from its inputs before it starts, so a person sees what it will cost against
 * their quota. Tokenizers differ between models; these rules sit between GPT-4o's (o200k) and GPT-4's (cl100k)
 * vocabularies: a Chinese, Japanese or Korean character is about 0.8 of a token, other text about five characters
 * a token. The prompt the app wraps around the inputs (its instructions, and a few tokens of chat framing per
 * message) adds a fixed share. `estimate-accuracy.test.ts` holds the estimate within 25% of the metered tokens.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;
/** Tokens of the app's own instructions around the inputs (the writing tools' are 40 to 60). */
export const PROMPT_OVERHEAD_TOKENS = 60;
/** The abstract writer answers with one abstract, whatever the length of the notes it is given. */
const ABSTRACT_TOKENS = 350;
const TOKENS_PER_CJK_CHARACTER = 0.8;
const CHARACTERS_PER_TOKEN = 5;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, '').trim().length;
  return Math.ceil(cjk * TOKENS_PER_CJK_CHARACTER + rest / CHARACTERS_PER_TOKEN);
}

export type RunEstimate = { inputTokens: number; outputTokens: number; totalTokens: number };

/**
 * A run's tokens for the apps whose answer follows from their inputs: polish and translate answer about as long
 * as their text, the abstract writer about one abstract. Null for apps whose size is not known before they run
 * (chat, research, workflows) and while there is nothing to run on.
 */
export function estimateRun(appId: string, inputs: Record<string, string | undefined>): RunEstimate | null {
  const text = Object.values(inputs)
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
  const own = estimateTokens(inputs.query ?? text);
  if (own === 0) return null;
  const inputTokens = estimateTokens(text) + PROMPT_OVERHEAD_TOKENS;
  let outputTokens: number;
  switch (appId) {
    case 'academic-polish':
    case 'academic-translate':
      outputTokens = own;
      break;
    case 'abstract-writer': {
      // A word limit bounds the answer (about 1.4 tokens a word in English); without one, a usual abstract.
      const words = Number(inputs.words);
      outputTokens = Number.isFinite(words) && words > 0 ? Math.ceil(words * 1.4) : ABSTRACT_TOKENS;
      break;
    }
    default:
      return null;
  }
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}
