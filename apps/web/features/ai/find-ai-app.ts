import { aiApps, type AiApp, type AiAppKind } from '@/config/ai-apps';

/** The app of config/ai-apps.ts with this id and kind; null for an unknown id or an app of another kind. */
export function findAiApp(id: string, kind: AiAppKind): AiApp | null {
  return aiApps.find((app) => app.id === id && app.kind === kind) ?? null;
}
