import 'server-only';
import type { UserClaims } from '@/lib/db/user-db';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { DifyProxyError } from './dify-error';
import { getAiQuota } from './get-ai-quota';

/**
 * Refuses an AI message once the plan's messages for this month are used up: 429 `quota_exceeded` with the
 * day the quota resets (`reset_at`, and in the message), and Retry-After until then.
 */
export async function assertAiQuota(claims: UserClaims, locale: Locale, now = new Date()): Promise<void> {
  const quota = await getAiQuota(claims, now);
  if (quota.remaining === 'unlimited' || quota.remaining > 0) return;
  const resetAt = new Date(`${quota.resetsOn}T00:00:00Z`);
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(resetAt);
  const message = translator(locale, 'errors')('quota_exceeded', { limit: Number(quota.limit), date });
  throw new DifyProxyError(429, 'quota_exceeded', message, {
    extra: { reset_at: quota.resetsOn, limit: quota.limit, used: quota.used },
    headers: { 'retry-after': String(Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))) },
  });
}
