import 'server-only';
import type { UserClaims } from '@/lib/db/user-db';
import { UPGRADE_PATH } from '@/features/entitlements/server/limits';
import type { LimitDetail } from '@/lib/errors';
import { limitMessage } from '@/lib/limit-message';
import type { Locale } from '@/lib/i18n/routing';
import { DifyProxyError } from './dify-error';
import { getAiQuota, type AiQuota } from '@/features/entitlements/server/get-ai-quota';
import { createQuotaGate, type Admission } from './quota-gate';

/**
 * The quota each AI message passes: remembered per user in this process, so a message far from the limit goes to
 * the runtime without waiting for a query (the quota is read again behind it every few seconds, and before every
 * message once the limit is near). bench/ai measures what this takes off the first token's way.
 */
const gate = createQuotaGate<UserClaims>((claims, now) => getAiQuota(claims, now), {
  freshMs: 30_000,
  refreshAfterMs: 5_000,
  margin: 5,
  maxUsers: 10_000,
});

/** Forgets the remembered quotas (tests that change usage behind the proxy's back). */
export const forgetAiQuotas = () => gate.clear();

/**
 * Admits one AI message, or refuses it once the plan's messages for this month are used up: 429 `quota_exceeded`
 * with the day the quota resets (`reset_at`, and in the message), Retry-After until then, and `plan_limit`: the
 * same description every other plan limit answers with (`error.limit` of `plan_limit_reached`). The admission
 * must be settled with the messages metered for the answer (0 when there was none).
 */
export async function admitAiMessage(claims: UserClaims, locale: Locale, now = new Date()): Promise<Admission> {
  const result = await gate.admit(claims, now);
  if (result.admitted) return result.admission;
  throw quotaExceeded(result.quota, locale, now);
}

function quotaExceeded(quota: AiQuota, locale: Locale, now: Date): DifyProxyError {
  const resetAt = new Date(`${quota.resetsOn}T00:00:00Z`);
  // The product's one limit description (lib/errors.ts LimitDetail) beside Dify's own fields.
  const planLimit: LimitDetail = { feature: 'aiMessagesPerMonth', limit: Number(quota.limit), used: quota.used, resets_on: quota.resetsOn, upgrade_url: UPGRADE_PATH };
  const message = limitMessage(locale, planLimit);
  return new DifyProxyError(429, 'quota_exceeded', message, {
    extra: { reset_at: quota.resetsOn, limit: quota.limit, used: quota.used, plan_limit: planLimit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))) },
  });
}
