// queryPrepared and copyOut: the same rows as queryRows on either database; on PostgreSQL a named statement each
// connection keeps, and COPY's raw bytes; inside a transaction both stay on the transaction's connection.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { copyOut, escapeLiteral, queryPrepared, queryRows, type DatabaseHandle } from './client';
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

it('stays inside a transaction: there both run on the transaction’s connection and see what it wrote', async () => {
  await handle.db.execute(sql`create table if not exists prepared_probe (n int)`);
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`insert into prepared_probe values (7)`);
    const rows = await queryPrepared<{ n: number }>(tx, 'test_probe', sql`select n from prepared_probe where n = ${7}::int`);
    expect(rows.map((r) => Number(r.n))).toEqual([7]);
    // COPY answers null there, so that the caller reads through the transaction instead.
    expect(await copyOut(tx, 'copy (select 1) to stdout')).toBeNull();
  });
  await handle.db.execute(sql`drop table prepared_probe`);
});

it('copies out raw bytes from a PostgreSQL server, and answers null on PGlite', async () => {
  const chunks = await copyOut(handle.db, `copy (select ${escapeLiteral("it's")} as word) to stdout`);
  if (handle.kind === 'postgres') expect(Buffer.concat(chunks!).toString()).toBe("it's\n");
  else expect(chunks).toBeNull();
});
