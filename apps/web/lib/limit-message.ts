import type { LimitDetail } from '@/lib/errors';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';

const features = ['searchesPerDay', 'referenceChecksPerMonth', 'aiMessagesPerMonth', 'libraryPapers', 'sharedLibraries'] as const;

/** A reached plan limit in the user's language: which limit, the usage, and when it resets. */
export function limitMessage(locale: Locale, limit: LimitDetail): string {
  const t = translator(locale, 'errors');
  const feature = features.find((name) => name === limit.feature);
  if (!feature) return t('plan_limit_reached');
  const date = limit.resets_on
    ? new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${limit.resets_on}T00:00:00Z`))
    : '';
  return t(`limits.${feature}`, { limit: limit.limit, used: limit.used, date });
}
