import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { createLocalSource, searchFederated, searchRecord, sourceRegistry, type SearchRecord } from '@citewise/scholar';
import { testPapers } from '@/test/fixtures/papers';
import { localUser } from '@/test/fixtures/users';
import { setUpWebApi } from '@/test/web-api';

// POST /api/scholar/replay against a real database: a search log's searches sent again as recorded, answered with
// the new results and what changed; signed in only, validated, one search of the day per replay.
vi.mock('@/lib/db/database', () => import('@/test/mocks/database'));
vi.mock('@/lib/auth/session', () => import('@/test/mocks/session'));
const api = setUpWebApi({ corpus: testPapers });

const { POST: replay } = await import('@/app/api/scholar/replay/route');

let address = 0;
const post = (body: unknown, locale?: string) =>
  replay(
    new NextRequest('http://localhost/api/scholar/replay', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${++address % 250}`, ...(locale ? { 'x-locale': locale } : {}) },
    }),
  );

async function recorded(query: string): Promise<SearchRecord> {
  const registry = sourceRegistry([createLocalSource(api.handle.db)], 5000);
  const result = await searchFederated(registry, { query, limit: 6, translate: 'off' });
  return JSON.parse(JSON.stringify(searchRecord(query, { limit: 6, translate: 'off', sort: 'relevance' }, result, 10))) as SearchRecord;
}

describe('POST /api/scholar/replay', () => {
  it('answers 401 signed out, and a validation error for a record that is not one', async () => {
    api.signIn(null);
    expect((await post({ searches: [await recorded('attention transformer')] })).status).toBe(401);
    api.signIn(localUser());
    const bad = await post({ searches: [{ query: 'x', options: { limit: 6, translate: 'off', sort: 'relevance', sources: ['nowhere'] } }] }, 'zh');
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues.length).toBeGreaterThan(0);
    expect((await post({ searches: [] })).status).toBe(400);
  });

  it('sends each search again and says what changed since', async () => {
    api.signIn(localUser());
    const first = await recorded('attention transformer');
    const same = await (await post({ searches: [first] })).json();
    expect(same.searches[0].results.map((r: { id: string }) => r.id)).toEqual(first.results.map((r) => r.id));
    expect(same.changes[0]).toMatchObject({ query: 'attention transformer', added: [], dropped: [], moved: [], sources: [] });
    expect(Date.parse(same.replayed_at)).not.toBeNaN();

    // A paper of the first results is gone from them (recorded as if the search had found one more).
    const withGone: SearchRecord = {
      ...first,
      results: [...first.results, { id: 'test:gone', title: 'A paper no longer found', year: 2001, doi: null, sources: ['local'], score: 0.001 }],
    };
    const changed = await (await post({ searches: [withGone] })).json();
    expect(changed.changes[0].dropped).toEqual([{ id: 'test:gone', title: 'A paper no longer found', year: 2001, rank: withGone.results.length }]);
  });
});
