// A fresh test database holding the sample corpus (test/fixtures/corpus) plus any papers a test adds, indexed
// the way an import indexes them.
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '@citewise/db';
import { createTestDatabase } from '@citewise/db/testing';
import { migrations } from '../src/db/migrations';
import { paperFromCorpusRecord } from '../src/import/corpus-record';
import { refreshStatistics, upsertPapers } from '../src/local/store';
import type { Paper } from '../src/paper';
import { FIXTURES } from './replay-server';

export function samplePapers(): Paper[] {
  return fs
    .readFileSync(path.join(FIXTURES, 'corpus/papers-sample.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => paperFromCorpusRecord(JSON.parse(line)));
}

export async function createCorpusDatabase(extra: Paper[] = []): Promise<DatabaseHandle> {
  const handle = await createTestDatabase([migrations]);
  await upsertPapers(handle.db, [...samplePapers(), ...extra]);
  await refreshStatistics(handle.db);
  return handle;
}
