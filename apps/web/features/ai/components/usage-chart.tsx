'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { UsageMetric, UsagePoint } from '../usage-series';

const HEIGHT = 160;
const BAR_GAP = 2;

/**
 * One bar per day of the period for the chosen metric, in plain SVG (no chart library: a month of bars is all
 * it draws). Each bar names its day and value for pointers and screen readers; the table beside it has the figures.
 */
export function UsageChart({ points, metric }: { points: UsagePoint[]; metric: UsageMetric }) {
  const t = useTranslations('dashboard.aiUsage');
  const format = useFormatter();
  const peak = Math.max(0, ...points.map((point) => point[metric]));
  const max = Math.max(1, peak);
  const width = Math.max(points.length, 1) * 12;
  const barWidth = 12 - BAR_GAP;
  const dayLabel = (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const first = points[0];
  const last = points.at(-1);

  return (
    <figure className="grid gap-2" data-testid="usage-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={t('chartLabel', { metric: t(`metrics.${metric}`), from: first ? dayLabel(first.day) : '', to: last ? dayLabel(last.day) : '' })}
      >
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {points.map((point, index) => {
          const value = point[metric];
          const height = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 8));
          return (
            <rect
              key={point.day}
              x={index * 12 + BAR_GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx={1.5}
              className="fill-primary"
              data-testid={value > 0 ? 'usage-bar' : undefined}
            >
              <title>{t('dayValue', { day: dayLabel(point.day), value: format.number(value) })}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <figcaption className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{dayLabel(first.day)}</span>
          <span>{t('peak', { value: format.number(peak) })}</span>
          <span>{dayLabel(last.day)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
