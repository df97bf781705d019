// `scholar prepare`: run by `npm start` before the server starts. On the first start (and after an upgrade that
// ships a new default corpus) it imports the bundled default corpus, so literature search works on a fresh,
// offline install. SCHOLAR_DEFAULT_CORPUS=false skips it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database, DatabaseHandle } from '@citewise/db';
import { sql } from '@citewise/db/orm';
import { queryRows } from '@citewise/db';
import { importFiles } from './import';
import { loadDictionary } from '../translate/cedict';

export const DEFAULT_CORPUS = path.resolve(import.meta.dirname, '../../data/corpus/default.jsonl.gz');

interface PrepareOptions {
  env?: NodeJS.ProcessEnv;
  stderr?: NodeJS.WritableStream;
  /** The corpus to import (tests use a small one). */
  corpus?: string;
}

/** Imports the default corpus unless it (this very file) was imported before; answers whether it imported. */
export async function prepare(handle: DatabaseHandle, options: PrepareOptions = {}): Promise<boolean> {
  const { env = process.env, stderr = process.stderr, corpus = DEFAULT_CORPUS } = options;
  // The query-translation dictionary's compact index, so the server's first search does not parse CC-CEDICT.
  loadDictionary();
  if (env.SCHOLAR_DEFAULT_CORPUS?.trim().toLowerCase() === 'false') return false;
  const checksum = createHash('sha256').update(fs.readFileSync(corpus)).digest('hex');
  // Instances of a scaled-out deployment start together: one imports, the others wait and then find it done.
  return handle.withLock('citewise:default-corpus', async () => {
    if (await imported(handle.db, checksum)) return false;
    stderr.write('Preparing literature search: importing the default corpus into the local index. This happens once and takes a few minutes.\n');
    await importFiles(handle.db, [path.relative(process.cwd(), corpus)], stderr);
    await handle.db.execute(sql`insert into scholar.corpus_imports (checksum, name) values (${checksum}, ${path.basename(corpus)}) on conflict do nothing`);
    return true;
  });
}

async function imported(db: Database, checksum: string) {
  const rows = await queryRows(db, sql`select 1 from scholar.corpus_imports where checksum = ${checksum}`);
  return rows.length > 0;
}
