'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { aiApps } from '@/config/ai-apps';
import { QUERY_TRANSLATION_APP } from '@/config/query-translation-app';
import type { AppUsage } from '../usage-series';

type Totals = { messages: number; inputTokens: number; outputTokens: number };

/** The period's messages and tokens per AI tool, with the sum. */
export function UsageTable({ apps, totals }: { apps: AppUsage[]; totals: Totals }) {
  const t = useTranslations('dashboard.aiUsage');
  const tApps = useTranslations('aiApps');
  const tResults = useTranslations('research.results');
  const format = useFormatter();
  // An app that is no longer configured keeps its usage under its id.
  const name = (appId: string) =>
    aiApps.some((app) => app.id === appId) ? tApps(`${appId as 'research'}.title`) : appId === QUERY_TRANSLATION_APP ? tResults('translationUsage') : appId;
  const cell = 'px-3 py-2 text-right tabular-nums';

  return (
    <section aria-labelledby="usage-apps-title" className="grid gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="usage-apps-title" className="font-semibold">
        {t('perAppTitle')}
      </h2>
      <div className="overflow-x-auto" role="region" aria-labelledby="usage-apps-title" tabIndex={0}>
        <table className="w-full min-w-[28rem] text-sm" data-testid="usage-apps">
          <thead className="text-muted-foreground">
            <tr className="border-b border-border">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('app')}
              </th>
              {(['messages', 'inputTokens', 'outputTokens'] as const).map((metric) => (
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
                <td className={cell} data-testid="usage-app-messages">{format.number(app.messages)}</td>
                <td className={cell}>{format.number(app.inputTokens)}</td>
                <td className={cell}>{format.number(app.outputTokens)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-border font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                {t('total')}
              </th>
              <td className={cell} data-testid="usage-total-messages">{format.number(totals.messages)}</td>
              <td className={cell}>{format.number(totals.inputTokens)}</td>
              <td className={cell}>{format.number(totals.outputTokens)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
