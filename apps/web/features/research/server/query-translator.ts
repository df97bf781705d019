import 'server-only';
import Redis from 'ioredis';
import { llmTranslatorFromEnv, type QueryTranslator, type TranslationStore } from '@citewise/scholar';
import { env } from '@/lib/env';
import { getAiQuota } from '@/features/entitlements/server/get-ai-quota';
import { recordAiUsage } from '@/features/ai/server/record-ai-usage';
import type { UserClaims } from '@/lib/db/user-db';
import { QUERY_TRANSLATION_APP } from '@/config/query-translation-app';

const holder = globalThis as typeof globalThis & { __citewiseQueryTranslator?: ReturnType<typeof llmTranslatorFromEnv> };

/** How long a model translation is kept in Redis. */
const STORED_DAYS = 30;

/**
 * Model translations kept in Redis (`REDIS_URL`), so instances share them and a restart keeps them. Errors are
 * the translator's to ignore: without Redis it asks the model, as it would with no store.
 */
export function redisTranslationStore(url: string): TranslationStore {
  // Commands wait for the connection (the translator waits at most 200 ms for an answer), and fail after one retry.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const key = (name: string) => `citewise:query-translation:${name}`;
  return {
    get: (name) => redis.get(key(name)),
    set: (name, text) => redis.set(key(name), text, 'EX', STORED_DAYS * 86_400),
  };
}

/** The process's one model translator (null without a model), made on first use. */
function modelTranslator() {
  if (holder.__citewiseQueryTranslator === undefined) {
    holder.__citewiseQueryTranslator = llmTranslatorFromEnv(process.env, env.REDIS_URL ? redisTranslationStore(env.REDIS_URL) : undefined);
  }
  return holder.__citewiseQueryTranslator;
}

/**
 * The translator of the literature-source registry (scholar-sources.ts), which the research assistant's retrieval
 * searches through: the same model translator as search, so both translate a query the same way and share one
 * cache and its memory of failures, unmetered (the assistant's answer is metered as one AI message). Undefined
 * without a model: the glossary and dictionary translate.
 */
export function sharedQueryTranslator(): QueryTranslator | undefined {
  const translate = modelTranslator();
  return translate ? (query, signal) => translate(query, { signal }) : undefined;
}

/**
 * The search's query translator: the configured model (LLM_* settings; SEARCH_LLM_TRANSLATION=off turns it off), with
 * the bundled dictionary as its fallback, or undefined without a model (the dictionary translates). One per process,
 * so its cache serves every search; with REDIS_URL, translations are also kept in Redis for 30 days. A signed-in user's model calls are metered as their AI usage (tokens, under
 * "query-translation"); once their AI quota is used up, the dictionary translates their queries.
 */
export function queryTranslator(claims: UserClaims | null): QueryTranslator | undefined {
  const translate = modelTranslator();
  if (!translate) return undefined;
  if (!claims) return (query, signal) => translate(query, { signal });
  return (query, signal) =>
    translate(query, {
      signal,
      allowModel: async () => (await getAiQuota(claims)).remaining !== 0,
      onUsage: (usage) =>
        recordAiUsage(claims, QUERY_TRANSLATION_APP, {
          messages: 0,
          inputTokens: usage.promptTokens,
          outputTokens: usage.completionTokens,
          totalTokens: usage.totalTokens,
        }).catch((error: unknown) => console.error('[search] could not record the query translation usage', error)),
    });
}
