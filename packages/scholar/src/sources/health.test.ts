// Reachability: a source on a closed port is found unreachable by the probe and then skipped without a request;
// a reachable one is asked; a network failure during a query marks its source down until a probe reaches it.
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCorpusDatabase } from '../../test/local-corpus';
import { startReplayServer, type ReplayServer } from '../../test/replay-server';
import { verifyReference } from '../verify/verify-reference';
import { sourcesConfigFromEnv } from './config';
import { createSources } from './registry';

let handle: DatabaseHandle;
let server: ReplayServer;
beforeAll(async () => {
  handle = await createCorpusDatabase();
  server = await startReplayServer([{ path: '/crossref/works', file: 'crossref/works__query-ecology_rows-2.200.json' }]);
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

describe('source health', () => {
  it('skips an unreachable source at once, and asks it again after a probe reaches it', async () => {
    const registry = createSources(
      sourcesConfigFromEnv({
        SCHOLAR_SOURCES: 'openalex,crossref',
        SCHOLAR_PROBE_INTERVAL_MS: '0',
        // Port 9 (discard) is closed here: the connection is refused.
        OPENALEX_BASE_URL: 'http://127.0.0.1:9/openalex',
        CROSSREF_BASE_URL: `${server.url}/crossref`,
      }),
      { db: handle.db },
    );
    await registry.health!.probe();
    expect(registry.health!.unreachable()).toEqual(['openalex']);
    const result = await verifyReference(registry, 'Smith J. Quantum entanglement in the navigation of emperor penguins. Nature. 2019.');
    const openalex = result.checked.find((s) => s.source === 'openalex');
    expect(openalex).toMatchObject({ state: 'error', code: 'network_error', message: expect.stringMatching(/skipped until a probe reaches it/) });
    // Crossref answered: absence from a broad index is a real not found.
    expect(result.status).toBe('not_found');
    expect(result.searched.slice(0, 3)).toEqual([
      { source: 'local', state: 'answered' },
      { source: 'openalex', state: 'unreachable' },
      { source: 'crossref', state: 'answered' },
    ]);

    registry.health!.markDown('crossref');
    expect(registry.health!.isDown('crossref')).toBe(true);
    await registry.health!.probe();
    expect(registry.health!.unreachable()).toEqual(['openalex']);
    registry.health!.stop();
  });

  it('builds no probe for a deployment on the local corpus alone', () => {
    expect(createSources(sourcesConfigFromEnv({ SCHOLAR_SOURCES: 'local' }), { db: handle.db }).health).toBeUndefined();
  });
});
