import { describe, expect, it } from 'vitest';
import { usagePerApp, usagePerDay, usageTotals } from './usage-series';

const row = (day: string, appId: string, messages: number, inputTokens: number, outputTokens: number, totalTokens = inputTokens + outputTokens) => ({
  day,
  appId,
  messages,
  inputTokens,
  outputTokens,
  totalTokens,
});

describe('usage series', () => {
  const rows = [row('2026-11-02', 'research', 2, 100, 40), row('2026-11-02', 'paper-chat', 1, 10, 5), row('2026-11-04', 'paper-chat', 3, 30, 15)];

  it('has every day of the range, summing the apps of a day and leaving unused days at zero', () => {
    const points = usagePerDay('2026-11-01', '2026-11-04', rows);
    expect(points.map((point) => point.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(points[1]).toEqual({ day: '2026-11-02', messages: 3, inputTokens: 110, outputTokens: 45, totalTokens: 155 });
    expect(points[2]).toEqual({ day: '2026-11-03', messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect(points[3]?.messages).toBe(3);
  });

  it('ignores rows outside the range', () => {
    expect(usagePerDay('2026-11-03', '2026-11-03', rows)).toEqual([{ day: '2026-11-03', messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }]);
  });

  it('totals each app over the range, the most used first', () => {
    expect(usagePerApp(rows)).toEqual([
      { appId: 'paper-chat', messages: 4, inputTokens: 40, outputTokens: 20, totalTokens: 60 },
      { appId: 'research', messages: 2, inputTokens: 100, outputTokens: 40, totalTokens: 140 },
    ]);
  });

  it('counts a workflow run’s tokens, reported only as a total, in the app, the day and the sum', () => {
    const withRun = [...rows, row('2026-11-04', 'literature-review', 1, 0, 0, 712)];
    const apps = usagePerApp(withRun);
    expect(apps.find((app) => app.appId === 'literature-review')).toEqual({
      appId: 'literature-review',
      messages: 1,
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 712,
    });
    expect(usagePerDay('2026-11-04', '2026-11-04', withRun)[0]!.totalTokens).toBe(45 + 712);
    expect(usageTotals(apps)).toEqual({ messages: 7, inputTokens: 140, outputTokens: 60, totalTokens: 60 + 140 + 712 });
  });
});
