import 'server-only';
import { llmTranslatorFromEnv, type QueryTranslator } from '@citewise/scholar';
import { getAiQuota } from '@/features/ai/server/get-ai-quota';
import { recordAiUsage } from '@/features/ai/server/record-ai-usage';
import type { UserClaims } from '@/lib/db/user-db';
import { QUERY_TRANSLATION_APP } from '../query-translation-app';

const holder = globalThis as typeof globalThis & { __citewiseQueryTranslator?: ReturnType<typeof llmTranslatorFromEnv> };

/**
 * The search's query translator: the configured model (LLM_* settings; SEARCH_LLM_TRANSLATION=off turns it off), with
 * the bundled dictionary as its fallback, or undefined without a model (the dictionary translates). One per process,
 * so its cache serves every search. A signed-in user's model calls are metered as their AI usage (tokens, under
 * "query-translation"); once their AI quota is used up, the dictionary translates their queries.
 */
export function queryTranslator(claims: UserClaims | null): QueryTranslator | undefined {
  if (holder.__citewiseQueryTranslator === undefined) holder.__citewiseQueryTranslator = llmTranslatorFromEnv();
  const translate = holder.__citewiseQueryTranslator;
  if (!translate) return undefined;
  if (!claims) return (query, signal) => translate(query, { signal });
  return (query, signal) =>
    translate(query, {
      signal,
      allowModel: async () => (await getAiQuota(claims)).remaining !== 0,
      onUsage: (usage) =>
        recordAiUsage(claims, QUERY_TRANSLATION_APP, { messages: 0, inputTokens: usage.promptTokens, outputTokens: usage.completionTokens, totalTokens: usage.totalTokens }).catch(
          (error: unknown) => console.error('[search] could not record the query translation usage', error),
        ),
    });
}
