import 'server-only';
import type { UserClaims } from '@/lib/db/user-db';
import { UPGRADE_PATH } from '@/features/billing/server/limits';
import type { LimitDetail } from '@/lib/errors';
import { limitMessage } from '@/lib/limit-message';
import type { Locale } from '@/lib/i18n/routing';
import { DifyProxyError } from './dify-error';
import { getAiQuota } from './get-ai-quota';

/**
 * Refuses an AI message once the plan's messages for this month are used up: 429 `quota_exceeded` with the
 * day the quota resets (`reset_at`, and in the message), Retry-After until then, and `plan_limit`: the same
 * description every other plan limit answers with (`error.limit` of `plan_limit_reached`).
 */
export async function assertAiQuota(claims: UserClaims, locale: Locale, now = new Date()): Promise<void> {
  const quota = await getAiQuota(claims, now);
  if (quota.remaining === 'unlimited' || quota.remaining > 0) return;
  const resetAt = new Date(`${quota.resetsOn}T00:00:00Z`);
  // The product's one limit description (lib/errors.ts LimitDetail) beside Dify's own fields.
  const planLimit: LimitDetail = { feature: 'aiMessagesPerMonth', limit: Number(quota.limit), used: quota.used, resets_on: quota.resetsOn, upgrade_url: UPGRADE_PATH };
  const message = limitMessage(locale, planLimit);
  throw new DifyProxyError(429, 'quota_exceeded', message, {
    extra: { reset_at: quota.resetsOn, limit: quota.limit, used: quota.used, plan_limit: planLimit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))) },
  });
}
