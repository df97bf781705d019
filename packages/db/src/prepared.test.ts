// queryPrepared and copyOut: the same rows as queryRows on either database; a named statement each connection (or
// PGlite) keeps, and COPY's raw bytes on PostgreSQL; inside a transaction both stay on the transaction's connection.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { copyOut, escapeLiteral, openDatabase, queryPrepared, queryRows, type DatabaseHandle } from './client';
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

it('is a prepared statement on either database, and keeps one text per name', async () => {
  // Several calls at once, so that more than one pooled connection prepares it.
  await Promise.all([1, 2, 3, 4].map((n) => queryPrepared(handle.db, 'test_square', square(n))));
  const [row] = await queryPrepared<{ statement: string }>(
    handle.db,
    'test_prepared',
    sql`select statement from pg_prepared_statements where name = 'test_prepared'`,
  );
  expect(row?.statement).toContain('pg_prepared_statements');
  await expect(queryPrepared(handle.db, 'test_square', sql`select 1 as other`)).rejects.toThrow(/another text/);
});

it.skipIf(!process.env.TEST_DATABASE_URL?.trim())('runs unprepared, and says so once, when a connection loses its prepared statements (a pooler)', async () => {
  // One connection, so that the statement prepared, and then lost, is on the connection used next.
  const single = await openDatabase({ url: process.env.TEST_DATABASE_URL!.trim(), poolSize: 1 });
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    expect(await queryPrepared(single.db, 'test_pooler', square(2))).toEqual([{ square: 4, label: "it's 2" }]);
    // What a pooler in transaction mode does to a client: its next use reaches a server connection without them.
    await single.db.execute(sql`deallocate all`);
    expect(await queryPrepared(single.db, 'test_pooler', square(3))).toEqual([{ square: 9, label: "it's 3" }]);
    expect(await queryPrepared(single.db, 'test_pooler', square(4))).toEqual([{ square: 16, label: "it's 4" }]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toMatch(/prepared statement was lost .* pooler in transaction mode/);
    // Unnamed from then on: the connection holds none again.
    expect(await queryRows(single.db, sql`select count(*)::int as n from pg_prepared_statements`)).toEqual([{ n: 0 }]);
    // Other errors are still errors.
    await expect(queryPrepared(single.db, 'test_pooler_divide', sql`select 1 / ${0}::int as x`)).rejects.toThrow(/division by zero/);
  } finally {
    logged.mockRestore();
    await single.close();
  }
});

it('gives values of every kind as queryRows gives them', async () => {
  const at = new Date('2026-11-26T10:20:30.456Z');
  const kinds = (n: number) => sql`select ${n}::int as n, ${String(n)}::bigint as big, ${n / 4}::float8 as ratio, ${n > 1}::boolean as yes,
    ${null}::text as nothing, ${JSON.stringify({ n, list: [1, 'two'] })}::jsonb as doc, ${at}::timestamptz as at,
    ${'{a,"b c"}'}::text[] as words, ${'5b4d0c56-7f1c-4a4e-9a57-3f0f3c1c2f10'}::uuid as id, ${"x'y"}::text as quote,
    ${'2026-11-26'}::date as day, ${'2026-11-26 10:20:30'}::timestamp as local, ${'1 day 02:00:00'}::interval as span,
    ${'{1.5,2}'}::numeric[] as amounts, ${'{2026-11-26}'}::date[] as days, ${'{"2026-11-26 10:20:30"}'}::timestamp[] as locals,
    ${'{"2026-11-26 10:20:30+00"}'}::timestamptz[] as stamps, ${'{"1 day"}'}::interval[] as spans`;
  for (const n of [1, 2]) {
    const [prepared] = await queryPrepared<Record<string, unknown>>(handle.db, 'test_kinds', kinds(n));
    const [plain] = await queryRows<Record<string, unknown>>(handle.db, kinds(n));
    // Every kind, the ones drizzle keeps as text included (dates, times, intervals, and arrays of them and of numerics).
    expect(prepared).toEqual(plain);
    expect(new Date(prepared!.at as string | Date).getTime()).toBe(at.getTime());
    expect(prepared).toMatchObject({ n, yes: n > 1, nothing: null, doc: { n, list: [1, 'two'] }, words: ['a', 'b c'], quote: "x'y" });
  }
});

it('fails a statement that fails, and the next one runs', async () => {
  await expect(queryPrepared(handle.db, 'test_divide', sql`select 1 / ${0}::int as x`)).rejects.toThrow(/division by zero/);
  expect(await queryPrepared(handle.db, 'test_divide', sql`select 1 / ${1}::int as x`)).toEqual([{ x: 1 }]);
  await expect(queryPrepared(handle.db, 'test_unknown_table', sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
  expect(await queryPrepared(handle.db, 'test_square', square(5))).toEqual([{ square: 25, label: "it's 5" }]);
});

it('does not run inside a transaction it is not part of', async () => {
  await handle.db.execute(sql`create table if not exists prepared_outside (n int)`);
  let release!: () => void;
  let wrote!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const transaction = handle.db.transaction(async (tx) => {
    await tx.execute(sql`insert into prepared_outside values (1)`);
    wrote();
    await held;
    throw new Error('rolled back on purpose');
  });
  // Started while the transaction holds its uncommitted row: it must not see it, nor be rolled back with it.
  await written;
  const outside = queryPrepared<{ count: number }>(handle.db, 'test_outside', sql`select count(*)::int as count from prepared_outside`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await expect(transaction).rejects.toThrow(/on purpose/);
  expect(await outside).toEqual([{ count: 0 }]);
  await handle.db.execute(sql`drop table prepared_outside`);
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
