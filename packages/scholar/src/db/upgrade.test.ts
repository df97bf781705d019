// A corpus imported under the first schema (tsvector search, no postings) stays searchable after the upgrade to
// the packed-block index: the migrations build statistics and blocks from the stored tsvectors (and drop the table of
// postings the first of them wrote on the way).
import { createTestDatabase } from '@citewise/db/testing';
import { migrate, queryRows, type DatabaseHandle, type MigrationSet } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paperFromCorpusRecord } from '../import/corpus-record';
import { searchLocal } from '../local/search';
import { refreshStatistics, upsertPapers } from '../local/store';
import { migrations } from './migrations';

const first: MigrationSet = { ...migrations, migrations: migrations.migrations.filter((m) => m.tag === '0000_init') };
let handle: DatabaseHandle;

/** A paper row as the first schema's import wrote it: the tsvector (title A, abstract B) and its token count. */
async function insertFirstSchemaPaper(id: string, title: string, abstract: string) {
  await handle.db.execute(sql`
    insert into scholar.papers (id, title, abstract, source, tsv, doc_length)
    select ${id}, ${title}, ${abstract}, 'test', v.tsv, (select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(v.tsv) u)
    from (select setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${abstract}), 'B') as tsv) v`);
}

beforeAll(async () => {
  handle = await createTestDatabase([first]);
  await insertFirstSchemaPaper('old1', 'Citation verification with bibliographic databases', 'Checking references produced by language models.');
  await insertFirstSchemaPaper('old2', 'Galaxy rotation curves', 'Dark matter halos constrain rotation curves of spiral galaxies.');
  await insertFirstSchemaPaper('old3', 'Language models for peer review', 'Reviewing papers with language models.');
  await handle.db.execute(sql`insert into scholar.corpus_stats (id, documents, average_length) values (1, 3, 10)`);
  expect(await migrate(handle, [migrations])).toEqual(['scholar/0001_block_index', 'scholar/0002_drop_papers_tsv_idx', 'scholar/0003_drop_postings']);
});
afterAll(() => handle.close());

it('indexes the papers the first schema held, with corpus statistics to match', async () => {
  const [stats] = await queryRows<{ documents: number; max_key: number }>(handle.db, sql`select documents, max_key from scholar.corpus_stats`);
  expect(stats).toMatchObject({ documents: 3, max_key: 3 });
  expect((await searchLocal(handle.db, { query: 'citation verification' })).hits.map((h) => h.id)).toEqual(['old1']);
  expect((await searchLocal(handle.db, { query: 'language models' })).hits.map((h) => h.id).sort()).toEqual(['old1', 'old3']);
});

/** A new database holding the upgraded corpus's papers as they are now, imported by the current code. */
async function importedCopy(): Promise<DatabaseHandle> {
  const fresh = await createTestDatabase([migrations]);
  const rows = await queryRows<{ id: string; title: string; abstract: string }>(handle.db, sql`select id, title, abstract from scholar.papers order by key`);
  await upsertPapers(
    fresh.db,
    rows.map((r) => paperFromCorpusRecord({ id: r.id, title: r.title, abstract: r.abstract, authors: [], source: 'test' })),
  );
  await refreshStatistics(fresh.db);
  return fresh;
}

it('ranks exactly as a corpus built by the current import does', async () => {
  const fresh = await importedCopy();
  try {
    for (const query of ['language models', 'rotation curves of galaxies', 'references']) {
      const upgraded = await searchLocal(handle.db, { query });
      const imported = await searchLocal(fresh.db, { query });
      expect(upgraded.hits.map((h) => h.id)).toEqual(imported.hits.map((h) => h.id));
      upgraded.hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(imported.hits[i]!.score, 5));
    }
  } finally {
    await fresh.close();
  }
});

it('takes later imports into the upgraded corpus as a corpus built by the current import does', async () => {
  const later = [
    paperFromCorpusRecord({
      id: 'new1',
      title: 'Language models cite references',
      abstract: 'Verification of generated citations.',
      authors: [],
      source: 'test',
    }),
    paperFromCorpusRecord({ id: 'old2', title: 'Galaxy rotation curves revisited', abstract: 'Dark matter halos and language.', authors: [], source: 'test' }),
  ];
  await upsertPapers(handle.db, later);
  await refreshStatistics(handle.db);
  const fresh = await importedCopy();
  try {
    // The upgraded corpus keeps normalising weights with the average length of its first papers (until it drifts
    // too far), so scores differ a little: the same papers match.
    for (const query of ['language models', 'rotation curves revisited', 'citations']) {
      const upgraded = await searchLocal(handle.db, { query });
      const imported = await searchLocal(fresh.db, { query });
      expect(upgraded.hits.map((h) => h.id).sort()).toEqual(imported.hits.map((h) => h.id).sort());
    }
    expect((await searchLocal(handle.db, { query: 'citations' })).hits.map((h) => h.id)).toContain('new1');
  } finally {
    await fresh.close();
  }
});
