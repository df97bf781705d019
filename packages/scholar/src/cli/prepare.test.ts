// The first start imports the default corpus once; later starts find it imported; operators can switch it off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { queryRows, type DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { createTestDatabase } from '@citewise/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { searchLocal } from '../local/search';
import { DEFAULT_CORPUS, prepare } from './prepare';

let handle: DatabaseHandle;
let dir: string;
let corpus: string;
const output: string[] = [];
const stderr = new Writable({ write: (chunk, _encoding, done) => (output.push(String(chunk)), done()) });

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-'));
  corpus = path.join(dir, 'small.jsonl');
  const record = (id: string, title: string) =>
    JSON.stringify({ id, title, abstract: `${title}, studied at length.`, authors: ['Grace Hopper'], year: 2025, source: 'test' });
  fs.writeFileSync(corpus, `${record('t1', 'Compilers for scientific computing')}\n${record('t2', 'Ranking literature by relevance')}\n`);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async () => Number((await queryRows<{ n: string }>(handle.db, sql`select count(*) as n from scholar.papers`))[0]!.n);

it('ships a default corpus of English and Chinese papers', () => {
  expect(fs.statSync(DEFAULT_CORPUS).size).toBeLessThan(15 * 1024 * 1024);
});

it('does nothing when the operator switches the default corpus off', async () => {
  expect(await prepare(handle, { corpus, stderr, env: { SCHOLAR_DEFAULT_CORPUS: 'false' } })).toBe(false);
  expect(await count()).toBe(0);
});

it('imports the corpus on the first start, searchable at once, and never again', async () => {
  expect(await prepare(handle, { corpus, stderr, env: {} })).toBe(true);
  expect(await count()).toBe(2);
  expect(output.join('')).toContain('importing the default corpus');
  expect((await searchLocal(handle.db, { query: 'compilers' })).hits.map((h) => h.id)).toEqual(['t1']);

  await handle.db.execute(sql`delete from scholar.papers where id = 't2'`);
  expect(await prepare(handle, { corpus, stderr, env: {} })).toBe(false);
  expect(await count()).toBe(1);
});
