// The user's past runs of a writing tool. Dify has no history of completion messages (GET /messages is for chat
// apps only, in our runtime too), so the runs stay in this browser's localStorage, per app and per user.
import { z } from 'zod';

export const HISTORY_LIMIT = 20;

const runSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  inputs: z.record(z.string(), z.string()),
  output: z.string(),
  /** Whether the answer ended early (stopped or cut off): the output is what arrived. */
  partial: z.boolean(),
});

export type WritingRun = z.infer<typeof runSchema>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function historyKey(appId: string, userId: string): string {
  return `citewise.ai.history.${appId}.${userId}`;
}

/** The runs, newest first; a damaged or foreign entry reads as no history rather than breaking the page. */
export function readHistory(storage: Storage, key: string): WritingRun[] {
  try {
    const parsed = z.array(runSchema).safeParse(JSON.parse(storage.getItem(key) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Adds a run in front (replacing one of the same id) and keeps the newest HISTORY_LIMIT. */
export function addRun(storage: Storage, key: string, run: WritingRun): WritingRun[] {
  const runs = [run, ...readHistory(storage, key).filter((entry) => entry.id !== run.id)].slice(0, HISTORY_LIMIT);
  storage.setItem(key, JSON.stringify(runs));
  return runs;
}

export function clearHistory(storage: Storage, key: string): void {
  storage.removeItem(key);
}
