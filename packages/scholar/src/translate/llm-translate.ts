// Query translation by a model, when one is configured: the query is sent once to any OpenAI-compatible server
// (the AI runtime's LLM_* settings) and its answer, the query in the other language, is searched beside the query's
// own words (local/search.ts). Answers are cached (same query and direction: no second model call; in memory, and in
// a lasting store such as Redis when one is given), and the bundled glossary and dictionary translate whenever the
// model is slow, fails or answers nothing usable, so a search never waits long and never fails because of the model.
// Failures are remembered briefly too: a query the model failed on is not sent again for a minute, and a model that
// fails several times in a row is left alone for half a minute. The dictionary's word translations are searched
// beside the model's only when asked (`fuse`; bench/crosslingual measures both).
import OpenAI from 'openai';
import { isShortChineseQuery, translateWithDictionary, queryLanguage, type Lexicon, type QueryTranslation } from './translate-query';

export interface LlmTranslatorSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Longest wait for the whole answer before the dictionary translates instead. */
  timeoutMs: number;
  /** Translations kept in memory (least recently used dropped first). */
  cacheSize?: number;
  /** Also search the dictionary's word translations beside the model's (off by default: it measures worse). */
  fuse?: boolean;
  /** A lasting cache shared by processes (Redis in the product), asked after the memory cache and before the model. */
  store?: TranslationStore;
  /** How long a query the model failed on is translated by the dictionary without asking the model again. */
  failureTtlMs?: number;
  /** How long the model is left alone after FAILURES_BEFORE_PAUSE failed calls in a row. */
  pauseMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** The word lists the fallback and the query's own terms are translated with (bench/crosslingual: CC-CEDICT alone). */
  lexicon?: Partial<Lexicon>;
}

/** A lasting translation cache: `key` names the query and direction. Its failures are ignored (the model is asked). */
export interface TranslationStore {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, text: string): Promise<unknown>;
}

/** Longest wait for the lasting cache before the model is asked instead. */
const STORE_TIMEOUT_MS = 200;

/** Tokens one model call took, for metering against the user's AI usage. */
export interface TranslationUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface TranslateContext {
  signal?: AbortSignal;
  /** Called once per model call that answered (not for a cached translation, nor for a fallback). */
  onUsage?: (usage: TranslationUsage) => void | Promise<void>;
  /** Asked before a model call (not for a cached translation): false, the dictionary translates (no AI quota left, say). */
  allowModel?: () => boolean | Promise<boolean>;
}

export type LlmTranslator = (query: string, context?: TranslateContext) => Promise<QueryTranslation>;

export const DEFAULT_TRANSLATION_TIMEOUT_MS = 1500;
/**
 * A failed query is not sent again for this long (a search per keystroke, or a person pressing Enter again, would
 * otherwise wait for a failing model each time), and after this many failed calls in a row the model is not asked
 * for PAUSE_MS at all: a model that is down costs one timeout, not one per search.
 */
export const FAILURE_TTL_MS = 60_000;
export const FAILURES_BEFORE_PAUSE = 3;
export const PAUSE_MS = 30_000;
export const DEFAULT_TRANSLATION_CACHE_SIZE = 2000;
/** A translated query longer than this many characters is no translation of a search query. */
const MAX_ANSWER_CHARS = 2000;

const LANGUAGE_NAME = { en: 'English', zh: 'Simplified Chinese' } as const;

/** The instruction the model is given; the test server recognises it by its first words. */
export function translationPrompt(to: 'en' | 'zh'): string {
  return (
    `Translate the search query into ${LANGUAGE_NAME[to]} for searching scholarly literature. ` +
    'Use the standard technical terms of the field, keep gene and protein names, acronyms, formulas and numbers as written, ' +
    'and answer with the translated query only, on one line, without quotes or explanations.'
  );
}

/** The model's answer as a query: one line, no quotes or "Translation:" label; null when it is not usable. */
export function cleanAnswer(answer: string, to: 'en' | 'zh'): string | null {
  const line =
    answer
      .trim()
      .split(/\r?\n/)
      .find((l) => l.trim())
      ?.trim() ?? '';
  const text = line
    .replace(/^(translation|translated query|译文|翻译)\s*[:：]\s*/i, '')
    .replace(/^["'“”‘’「」]+|["'“”‘’「」]+$/gu, '')
    .trim();
  if (!text || text.length > MAX_ANSWER_CHARS) return null;
  // An answer in the wrong script is no translation: an English translation with Chinese left in it, a Chinese one
  // without any (a model that echoes the query, or could not translate it).
  if (/\p{Script=Han}/u.test(text) !== (to === 'zh')) return null;
  return text;
}

/**
 * The translation searched: the query's own terms and the model's words. The terms keep their glossary and
 * dictionary translations when fused, and always for a short Chinese query, which must have most of its words in a
 * paper (local/search.ts): a paper may name a term as the glossary does rather than as the model put it.
 */
export function withModelText(query: string, text: string, fuse: boolean, lexicon?: Partial<Lexicon>): QueryTranslation {
  const dictionary = translateWithDictionary(query, lexicon);
  const terms = fuse || isShortChineseQuery(dictionary) ? dictionary.terms : dictionary.terms.map((t) => ({ source: t.source, translations: [] }));
  return { ...dictionary, terms, engine: 'llm', text };
}

/** A small least-recently-used map. */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
  get length() {
    return this.entries.size;
  }
}

/** The cache key: the query as the search reads it (case and spacing do not matter) and the direction. */
const cacheKey = (query: string, to: string) => `${to}\n${query.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase()}`;

export function createLlmTranslator(settings: LlmTranslatorSettings): LlmTranslator & { cached: () => number } {
  // No retries: a retry would double the wait the timeout bounds; the dictionary is the fallback.
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey, maxRetries: 0 });
  const cache = new Lru<string>(settings.cacheSize ?? DEFAULT_TRANSLATION_CACHE_SIZE);
  // Concurrent searches for the same query share one model call.
  const pending = new Map<string, Promise<{ text: string | null; stored: boolean }>>();
  const fuse = settings.fuse ?? false;
  const now = settings.now ?? Date.now;
  // Queries the model failed on, with the time they may be asked again; and the run of failed calls.
  const failed = new Lru<number>(settings.cacheSize ?? DEFAULT_TRANSLATION_CACHE_SIZE);
  const failureTtl = settings.failureTtlMs ?? FAILURE_TTL_MS;
  let failuresInARow = 0;
  let pausedUntil = 0;

  /** The model's translation; null when it failed (`broken`: no answer at all, which counts towards a pause). */
  async function ask(query: string, to: 'en' | 'zh', context: TranslateContext): Promise<{ text: string | null; broken: boolean }> {
    const signal = AbortSignal.any([AbortSignal.timeout(settings.timeoutMs), ...(context.signal ? [context.signal] : [])]);
    try {
      const completion = await client.chat.completions.create(
        {
          model: settings.model,
          messages: [
            { role: 'system', content: translationPrompt(to) },
            { role: 'user', content: query },
          ],
          temperature: 0,
          max_tokens: 200,
        },
        { signal, timeout: settings.timeoutMs },
      );
      const usage = completion.usage;
      if (usage) await context.onUsage?.({ promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, totalTokens: usage.total_tokens });
      // An answer that is no translation (an echo of the query) is a failure of this query, not of the model.
      return { text: cleanAnswer(completion.choices[0]?.message?.content ?? '', to), broken: false };
    } catch {
      // Timed out, refused, unreachable or cancelled: the dictionary translates. A search cancelled by its own
      // client says nothing about the model.
      return { text: null, broken: !context.signal?.aborted };
    }
  }

  /** Asks the model unless it is paused, and keeps count of failures. */
  async function askModel(query: string, key: string, to: 'en' | 'zh', context: TranslateContext): Promise<string | null> {
    if (now() < pausedUntil) return null;
    const { text, broken } = await ask(query, to, context);
    if (text !== null) {
      failuresInARow = 0;
      return text;
    }
    if (context.signal?.aborted) return null;
    failed.set(key, now() + failureTtl);
    if (broken && ++failuresInARow >= FAILURES_BEFORE_PAUSE) {
      failuresInARow = 0;
      pausedUntil = now() + (settings.pauseMs ?? PAUSE_MS);
      console.warn(
        `[search] the query-translation model failed ${FAILURES_BEFORE_PAUSE} times in a row; the dictionary translates for the next ${Math.round((settings.pauseMs ?? PAUSE_MS) / 1000)} s`,
      );
    }
    return null;
  }

  async function fromStore(key: string): Promise<string | null> {
    if (!settings.store) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([settings.store.get(key), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STORE_TIMEOUT_MS)))]);
      return typeof value === 'string' && value ? value : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  const translate = async (query: string, context: TranslateContext = {}): Promise<QueryTranslation> => {
    const to = queryLanguage(query) === 'zh' ? 'en' : 'zh';
    const key = cacheKey(query, to);
    const cached = cache.get(key);
    if (cached !== undefined) return withModelText(query, cached, fuse, settings.lexicon);
    const retryAt = failed.get(key);
    if (retryAt !== undefined && now() < retryAt) return translateWithDictionary(query, settings.lexicon);
    let call = pending.get(key);
    if (!call) {
      call = (async () => {
        const stored = await fromStore(key);
        if (stored) return { text: stored, stored: true };
        if (context.allowModel && !(await context.allowModel())) return { text: null, stored: false };
        return { text: await askModel(query, key, to, context), stored: false };
      })().finally(() => pending.delete(key));
      pending.set(key, call);
    }
    const { text, stored } = await call;
    if (text === null) return translateWithDictionary(query, settings.lexicon);
    cache.set(key, text);
    if (!stored) void settings.store?.set(key, text).catch(() => undefined);
    return withModelText(query, text, fuse, settings.lexicon);
  };
  return Object.assign(translate, { cached: () => cache.length });
}

/**
 * The translator the environment asks for: the model of `LLM_BASE_URL` / `LLM_MODEL` (or
 * `LLM_MODEL_QUERY_TRANSLATION`) unless `SEARCH_LLM_TRANSLATION=off`; `fused` also searches the dictionary's
 * translations. Null without a model or when off: the dictionary translates.
 */
export function llmTranslatorFromEnv(
  env: Record<string, string | undefined> = process.env,
  store?: TranslationStore,
): ReturnType<typeof createLlmTranslator> | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL_QUERY_TRANSLATION?.trim() || env.LLM_MODEL?.trim();
  if (!baseUrl || !model || /^(0|false|no|off)$/i.test(env.SEARCH_LLM_TRANSLATION?.trim() ?? '')) return null;
  const number = (value: string | undefined, fallback: number, min: number, max: number) => {
    const n = Number(value);
    return value?.trim() && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  return createLlmTranslator({
    baseUrl,
    apiKey: env.LLM_API_KEY?.trim() || 'not-needed',
    model,
    timeoutMs: number(env.SEARCH_LLM_TRANSLATION_TIMEOUT_MS, DEFAULT_TRANSLATION_TIMEOUT_MS, 100, 60_000),
    cacheSize: number(env.SEARCH_LLM_TRANSLATION_CACHE_SIZE, DEFAULT_TRANSLATION_CACHE_SIZE, 1, 1_000_000),
    fuse: /^fused?$/i.test(env.SEARCH_LLM_TRANSLATION?.trim() ?? ''),
    store,
  });
}
