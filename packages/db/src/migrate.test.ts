import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MigrationError, migrate, type MigrationSet } from './migrate';
import { createTestDatabase } from './testing';
import { queryRows, type DatabaseHandle } from './client';

const base: MigrationSet = {
  owner: 'sample',
  migrations: [
    {
      tag: '0000_init',
      createdAt: 1,
      hash: 'a',
      statements: ['create schema "sample"', 'create table "sample"."note" (id serial primary key, body text not null)'],
    },
  ],
};

const handles: DatabaseHandle[] = [];
async function fresh(sets: MigrationSet[]) {
  const handle = await createTestDatabase(sets);
  handles.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});

async function tables(handle: DatabaseHandle) {
  const rows = await queryRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'sample' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

describe('migrate', () => {
  it('applies pending migrations once, in order of creation', async () => {
    const handle = await fresh([base]);
    expect(await tables(handle)).toEqual(['note']);
    expect(await migrate(handle, [base])).toEqual([]);

    const next: MigrationSet = {
      ...base,
      migrations: [{ tag: '0001_tag', createdAt: 2, hash: 'b', statements: ['create table "sample"."tag" (id serial primary key)'] }, ...base.migrations],
    };
    expect(await migrate(handle, [next])).toEqual(['sample/0001_tag']);
    expect(await tables(handle)).toEqual(['note', 'tag']);
  });

  it('leaves the database as it was when a migration fails', async () => {
    const handle = await fresh([base]);
    await handle.db.execute(sql`insert into sample.note (body) values ('kept')`);
    const broken: MigrationSet = {
      ...base,
      migrations: [
        ...base.migrations,
        { tag: '0001_ok', createdAt: 2, hash: 'b', statements: ['create table "sample"."tag" (id serial primary key)'] },
        { tag: '0002_broken', createdAt: 3, hash: 'c', statements: ['alter table "sample"."note" add column "x" int', 'select * from "sample"."missing"'] },
      ],
    };
    const failure = await migrate(handle, [broken]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).message).toMatch(/sample\/0002_broken failed/);
    expect(await tables(handle)).toEqual(['note']);
    const rows = await queryRows<{ body: string }>(handle.db, sql`select * from sample.note`);
    expect(rows).toEqual([{ id: 1, body: 'kept' }]);
    // The good migration is still pending and applies once the broken one is fixed.
    expect(await migrate(handle, [{ ...broken, migrations: broken.migrations.slice(0, 2) }])).toEqual(['sample/0001_ok']);
  });
});
