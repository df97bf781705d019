import type { AiUsageDay } from './server/get-ai-usage';

export type UsageMetric = 'messages' | 'inputTokens' | 'outputTokens' | 'totalTokens';
/**
 * `totalTokens` is every token a run used: input plus output for chats and completions, and the run's total for
 * workflows, whose runtime reports no split (docs/protocols/dify.md §5, rule 4).
 */
export const usageMetrics: readonly UsageMetric[] = ['messages', 'totalTokens', 'inputTokens', 'outputTokens'];

type Figures = Record<UsageMetric, number>;
export type UsagePoint = { day: string } & Figures;

const zero = (): Figures => ({ messages: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 });
const add = (to: Figures, row: AiUsageDay) => {
  to.messages += row.messages;
  to.inputTokens += row.inputTokens;
  to.outputTokens += row.outputTokens;
  // Rows written before the total was kept for every answer may hold only the split.
  to.totalTokens += Math.max(row.totalTokens, row.inputTokens + row.outputTokens);
};

/** Every day from `from` to `to` (ISO dates, both included), each with the sum over all apps; days without use are zero. */
export function usagePerDay(from: string, to: string, rows: readonly AiUsageDay[]): UsagePoint[] {
  const points: UsagePoint[] = [];
  const byDay = new Map<string, UsagePoint>();
  for (let time = Date.parse(from); time <= Date.parse(to); time += 86_400_000) {
    const point = { day: new Date(time).toISOString().slice(0, 10), ...zero() };
    points.push(point);
    byDay.set(point.day, point);
  }
  for (const row of rows) {
    const point = byDay.get(row.day);
    if (point) add(point, row);
  }
  return points;
}

export type AppUsage = { appId: string } & Figures;

/** The range's figures per app, the most used first. */
export function usagePerApp(rows: readonly AiUsageDay[]): AppUsage[] {
  const byApp = new Map<string, AppUsage>();
  for (const row of rows) {
    const app = byApp.get(row.appId) ?? { appId: row.appId, ...zero() };
    add(app, row);
    byApp.set(row.appId, app);
  }
  return [...byApp.values()].sort((a, b) => b.messages - a.messages || b.totalTokens - a.totalTokens || a.appId.localeCompare(b.appId));
}

/** The sum of the per-app figures: the table's last line, which therefore always adds up. */
export function usageTotals(apps: readonly AppUsage[]): Figures {
  const totals = zero();
  for (const app of apps) for (const metric of Object.keys(totals) as UsageMetric[]) totals[metric] += app[metric];
  return totals;
}
