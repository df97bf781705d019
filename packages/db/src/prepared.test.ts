// queryPrepared: the same rows as queryRows on either database; on PostgreSQL a named statement each connection keeps.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type DatabaseHandle } from './client';
import { createTestDatabase } from './testing';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase([]);
});
afterAll(() => handle?.close());

const square = (n: number) => sql`select ${n}::int * ${n}::int as square, ${`it's ${n}`}::text as label`;

it('answers what queryRows answers, with new values each time', async () => {
  for (const n of [2, 3, 12]) {
    expect(await queryPrepared(handle.db, 'test_square', square(n))).toEqual(await queryRows(handle.db, square(n)));
  }
});

it('is a prepared statement on a PostgreSQL server, and keeps one text per name', async () => {
  // Several calls at once, so that more than one pooled connection prepares it.
  await Promise.all([1, 2, 3, 4].map((n) => queryPrepared(handle.db, 'test_square', square(n))));
  if (handle.kind === 'postgres') {
    const [row] = await queryPrepared<{ statement: string }>(handle.db, 'test_prepared', sql`select statement from pg_prepared_statements where name = 'test_prepared'`);
    expect(row?.statement).toContain('pg_prepared_statements');
  }
  await expect(queryPrepared(handle.db, 'test_square', sql`select 1 as other`)).rejects.toThrow(/another text/);
});
