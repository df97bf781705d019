import type { ModelUsage } from '../llm/model-client';

/** Dify's `metadata.usage`. Prices are unknown for self-hosted models and reported as zero. */
export function difyUsage(usage: ModelUsage | null, startedAt: number) {
  return {
    prompt_tokens: usage?.prompt_tokens ?? 0,
    prompt_unit_price: '0',
    prompt_price_unit: '0',
    prompt_price: '0',
    completion_tokens: usage?.completion_tokens ?? 0,
    completion_unit_price: '0',
    completion_price_unit: '0',
    completion_price: '0',
    total_tokens: usage?.total_tokens ?? 0,
    total_price: '0',
    currency: 'USD',
    latency: (Date.now() - startedAt) / 1000,
    /** Ours: the server reported no usage, so the counts are estimated. */
    estimated: usage?.estimated ?? false,
  };
}
