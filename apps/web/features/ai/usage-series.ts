import type { AiUsageDay } from './server/get-ai-usage';

export type UsageMetric = 'messages' | 'inputTokens' | 'outputTokens';
export const usageMetrics: readonly UsageMetric[] = ['messages', 'inputTokens', 'outputTokens'];

export type UsagePoint = { day: string; messages: number; inputTokens: number; outputTokens: number };

/** Every day from `from` to `to` (ISO dates, both included), each with the sum over all apps; days without use are zero. */
export function usagePerDay(from: string, to: string, rows: readonly AiUsageDay[]): UsagePoint[] {
  const points: UsagePoint[] = [];
  const byDay = new Map<string, UsagePoint>();
  for (let time = Date.parse(from); time <= Date.parse(to); time += 86_400_000) {
    const point = { day: new Date(time).toISOString().slice(0, 10), messages: 0, inputTokens: 0, outputTokens: 0 };
    points.push(point);
    byDay.set(point.day, point);
  }
  for (const row of rows) {
    const point = byDay.get(row.day);
    if (!point) continue;
    point.messages += row.messages;
    point.inputTokens += row.inputTokens;
    point.outputTokens += row.outputTokens;
  }
  return points;
}

export type AppUsage = { appId: string; messages: number; inputTokens: number; outputTokens: number };

/** The range's figures per app, the most used first. */
export function usagePerApp(rows: readonly AiUsageDay[]): AppUsage[] {
  const byApp = new Map<string, AppUsage>();
  for (const row of rows) {
    const app = byApp.get(row.appId) ?? { appId: row.appId, messages: 0, inputTokens: 0, outputTokens: 0 };
    app.messages += row.messages;
    app.inputTokens += row.inputTokens;
    app.outputTokens += row.outputTokens;
    byApp.set(row.appId, app);
  }
  return [...byApp.values()].sort((a, b) => b.messages - a.messages || a.appId.localeCompare(b.appId));
}
