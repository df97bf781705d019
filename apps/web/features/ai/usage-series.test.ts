import { describe, expect, it } from 'vitest';
import { usagePerApp, usagePerDay } from './usage-series';

const row = (day: string, appId: string, messages: number, inputTokens: number, outputTokens: number) => ({
  day,
  appId,
  messages,
  inputTokens,
  outputTokens,
  totalTokens: inputTokens + outputTokens,
});

describe('usage series', () => {
  const rows = [row('2026-11-02', 'research', 2, 100, 40), row('2026-11-02', 'paper-chat', 1, 10, 5), row('2026-11-04', 'paper-chat', 3, 30, 15)];

  it('has every day of the range, summing the apps of a day and leaving unused days at zero', () => {
    const points = usagePerDay('2026-11-01', '2026-11-04', rows);
    expect(points.map((point) => point.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(points[1]).toEqual({ day: '2026-11-02', messages: 3, inputTokens: 110, outputTokens: 45 });
    expect(points[2]).toEqual({ day: '2026-11-03', messages: 0, inputTokens: 0, outputTokens: 0 });
    expect(points[3]?.messages).toBe(3);
  });

  it('ignores rows outside the range', () => {
    expect(usagePerDay('2026-11-03', '2026-11-03', rows)).toEqual([{ day: '2026-11-03', messages: 0, inputTokens: 0, outputTokens: 0 }]);
  });

  it('totals each app over the range, the most used first', () => {
    expect(usagePerApp(rows)).toEqual([
      { appId: 'paper-chat', messages: 4, inputTokens: 40, outputTokens: 20 },
      { appId: 'research', messages: 2, inputTokens: 100, outputTokens: 40 },
    ]);
  });
});
