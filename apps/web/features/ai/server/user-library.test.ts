import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@citewise/db';
import type { Paper } from '@citewise/scholar';
import { createTestDatabase } from '@citewise/db/testing';
import { migrations } from '@/lib/db/migrations';
import { libraryPapers } from '@/lib/db/schema';
import { runAsUser } from '@/lib/db/with-user-db';
import { difyUser } from './dify-user';
import { userLibrary } from './user-library';

vi.mock('server-only', () => ({}));

const paper = (id: string, title: string): Paper => ({
  id,
  title,
  abstract: null,
  authors: [],
  issued: { year: 2020 },
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  keywords: [],
  fields: [],
  language: 'en',
  type: 'article-journal',
  source: 'crossref',
});

let handle: DatabaseHandle;
const alice = { sub: randomUUID(), role: 'authenticated' };
const bob = { sub: randomUUID(), role: 'authenticated' };

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  await runAsUser(handle, alice, (db) =>
    db.insert(libraryPapers).values({ userId: alice.sub, paperId: 'p:a', paper: paper('p:a', 'Alice’s paper'), note: 'mine', tags: ['soil'] }),
  );
  await runAsUser(handle, bob, (db) => db.insert(libraryPapers).values({ userId: bob.sub, paperId: 'p:b', paper: paper('p:b', 'Bob’s paper') }));
}, 60_000);
afterAll(() => handle?.close());

describe('userLibrary', () => {
  it('reads the library of the end user the proxy named, and nobody else’s', async () => {
    const library = userLibrary(handle);
    const signal = new AbortController().signal;
    const entries = await library(difyUser(alice.sub), signal);
    expect(entries).toEqual([
      { entryId: expect.any(String), paper: expect.objectContaining({ id: 'p:a', title: 'Alice’s paper' }), note: 'mine', tags: ['soil'] },
    ]);
    expect((await library(difyUser(bob.sub), signal)).map((e) => e.paper.id)).toEqual(['p:b']);
  });

  it('has nothing for an end user that is not a Citewise account', async () => {
    const library = userLibrary(handle);
    const signal = new AbortController().signal;
    expect(await library('default-user', signal)).toEqual([]);
    expect(await library(`cw:${alice.sub}x`, signal)).toEqual([]);
    expect(await library(alice.sub, signal)).toEqual([]);
  });
});
