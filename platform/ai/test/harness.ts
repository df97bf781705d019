// Test harness: a fresh database (with a few real papers in the local corpus) and the AI service; requests go
// through its `fetch`, as behind the web server.
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { createLocalSource, migrations as scholarMigrations, refreshStatistics, sourceRegistry, upsertPapers } from '@citewise/scholar';
import { createAiService, loadAiConfig, migrations, type AiService, type LibraryPapers, type UserLibrary } from '../src/index';
import type { StopBus } from '../src/stream/tasks';
import { testPapers } from './papers';

export const BASE = 'http://localhost:3000/platform/ai/v1';

export interface Harness {
  service: AiService;
  database: DatabaseHandle;
  key(appId: string): string;
  call(appId: string, path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startAi(
  env: Record<string, string> = {},
  options: { library?: UserLibrary; libraryPapers?: LibraryPapers; stopBus?: StopBus; remoteFileAllowAddresses?: string[] } = {},
): Promise<Harness> {
  const database = await createTestDatabase([scholarMigrations, migrations]);
  await upsertPapers(database.db, testPapers);
  await refreshStatistics(database.db);
  const sources = sourceRegistry([createLocalSource(database.db)], 5000);
  const service = await createAiService({
    db: database.db,
    config: loadAiConfig({ AI_SSE_PING_SECONDS: '1', ...env }),
    sources,
    basePath: '/platform',
    library: options.library,
    libraryPapers: options.libraryPapers,
    stopBus: options.stopBus,
    remoteFileAllowAddresses: options.remoteFileAllowAddresses,
  });
  return {
    service,
    database,
    key: (appId) => service.keys[appId]!,
    call(appId, path, init = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${service.keys[appId]}`, ...init.headers };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return service.fetch(
        new Request(`${BASE}${path}`, {
          method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      );
    },
    async close() {
      await service.idle();
      await database.close();
    },
  };
}

export interface SseEvent {
  event: string;
  [key: string]: unknown;
}

/** Reads a whole SSE body by the protocol's rules: events end at a blank line; `event: ping` has no data. */
export async function readEvents(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) return JSON.parse(data.slice(6)) as SseEvent;
      return { event: /^event: (\w+)/m.exec(block)?.[1] ?? 'unknown' };
    });
}

/** Reads events one at a time, so a test can act (stop, disconnect) in the middle of a stream. */
export async function* eachEvent(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        yield data ? (JSON.parse(data.slice(6)) as SseEvent) : { event: 'ping' };
      }
    }
  } finally {
    // Leaving early is a disconnect, as a browser closing the page.
    await reader.cancel().catch(() => undefined);
  }
}
