'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { aiApps } from '@/config/ai-apps';
import { QUERY_TRANSLATION_APP } from '@/config/query-translation-app';
import { usageTotals, type AppUsage, type UsageMetric } from '../usage-series';

// All tokens before the split, so a phone shows every run's tokens (workflows report only a total) without scrolling the table.
const columns: readonly UsageMetric[] = ['messages', 'totalTokens', 'inputTokens', 'outputTokens'];

/** The period's messages and tokens per AI tool, with the sum of the rows above it. */
export function UsageTable({ apps }: { apps: AppUsage[] }) {
  const t = useTranslations('dashboard.aiUsage');
  const tApps = useTranslations('aiApps');
  const format = useFormatter();
  // Every tool by its name in the page's language; one no longer offered keeps its usage under its id.
  const name = (appId: string) =>
    aiApps.some((app) => app.id === appId)
      ? tApps(`${appId as 'research'}.title`)
      : appId === QUERY_TRANSLATION_APP
        ? t('tools.queryTranslation')
        : t('tools.retired', { id: appId });
  const totals = usageTotals(apps);
  const cell = 'px-3 py-2 text-right tabular-nums';

  return (
    <section aria-labelledby="usage-apps-title" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="usage-apps-title" className="font-semibold">
        {t('perAppTitle')}
      </h2>
      <div className="overflow-x-auto" role="region" aria-labelledby="usage-apps-title" tabIndex={0}>
        <table className="w-full min-w-[32rem] text-sm" data-testid="usage-apps">
          <thead className="text-muted-foreground">
            <tr className="border-b border-border">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('app')}
              </th>
              {columns.map((metric) => (
                <th key={metric} scope="col" className="px-3 py-2 text-right font-medium">
                  {t(`metrics.${metric}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {apps.map((app) => (
              <tr key={app.appId} className="border-b border-border last:border-0" data-testid="usage-app-row" data-app={app.appId}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {name(app.appId)}
                </th>
                {columns.map((metric) => (
                  <td key={metric} className={cell} data-testid={`usage-app-${metric}`}>
                    {format.number(app[metric])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-border font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                {t('total')}
              </th>
              {columns.map((metric) => (
                <td key={metric} className={cell} data-testid={`usage-total-${metric}`}>
                  {format.number(totals[metric])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
