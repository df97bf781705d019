'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { formatBytes } from '@/lib/format-bytes';
import { Bar } from '@/components/ui/progress-bar';
import type { FilesUsage } from '../types';

/** Storage used against the plan's `storageMb`, with the way to more room when it runs short. */
export function UsageMeter({ usage }: { usage: FilesUsage }) {
  const t = useTranslations('files.usage');
  const locale = useLocale();
  const used = formatBytes(usage.usedBytes, locale);
  if (usage.quotaBytes === null)
    return (
      <p className="text-sm text-muted-foreground" data-testid="files-usage">
        {t('unlimited', { used })}
      </p>
    );
  const fraction = Math.min(1, usage.usedBytes / usage.quotaBytes);
  const text = t('used', { used, quota: formatBytes(usage.quotaBytes, locale) });
  return (
    <div className="grid gap-1.5" data-testid="files-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span>{text}</span>
        {fraction >= 0.9 && (
          <Link href="/pricing" className="text-primary underline-offset-4 hover:underline">
            {t('upgrade')}
          </Link>
        )}
      </div>
      <Bar role="meter" value={fraction} label={t('label')} valueText={text} warn={fraction >= 0.9} />
    </div>
  );
}
