'use client';

import { useFormatter } from 'next-intl';
import type { DayCount } from '../overview';

const HEIGHT = 120;

/** One bar per day in plain SVG; each bar names its day and count, and the label says what the chart shows. */
export function DayChart({ points, label, testId }: { points: DayCount[]; label: string; testId: string }) {
  const format = useFormatter();
  const max = Math.max(1, ...points.map((point) => point.count));
  const step = 12;
  const width = Math.max(points.length, 1) * step;
  const dayLabel = (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-28 w-full" role="img" aria-label={label}>
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {points.map((point, index) => {
          const height = point.count === 0 ? 0 : Math.max(2, (point.count / max) * (HEIGHT - 6));
          return (
            <rect key={point.day} x={index * step + 1} y={HEIGHT - height} width={step - 2} height={height} rx={1.5} className="fill-primary">
              <title>{`${dayLabel(point.day)}: ${format.number(point.count)}`}</title>
            </rect>
          );
        })}
      </svg>
      {points.length > 0 ? (
        <figcaption className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{dayLabel(points[0]!.day)}</span>
          <span>{dayLabel(points.at(-1)!.day)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
