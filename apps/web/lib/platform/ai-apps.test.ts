// The product's AI directory and the embedded runtime describe the same apps.
import { appDefinitions } from '@citewise/platform-ai';
import { describe, expect, it } from 'vitest';
import { aiApps } from '@/config/ai-apps';

describe('AI apps', () => {
  it('have the same ids in config/ai-apps.ts and platform/ai, with matching kinds', () => {
    expect(appDefinitions.map((app) => app.id)).toEqual(aiApps.map((app) => app.id));
    const expected = { research: ['chat'], chat: ['chat', 'advanced-chat'], completion: ['completion'], workflow: ['workflow'] } as const;
    for (const app of aiApps) {
      const runtime = appDefinitions.find((definition) => definition.id === app.id)!;
      expect(expected[app.kind] as readonly string[]).toContain(runtime.mode);
    }
  });
});
