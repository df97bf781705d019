// Everything this runtime keeps about one end user (Dify's `user`), for the host's data export and account deletion.
// The tables are read from the catalogue, not from a list: a table of the `ai` schema with an `end_user` column, or
// one that hangs off such a table by a foreign key (a run's steps, a message's parts), is exported and deleted
// without anyone having to remember to add it here. File bytes (bytea columns) are deleted but not exported.
import { queryRows, type Database } from '@citewise/db';
import { sql, type SQL } from '@citewise/db/orm';

const SCHEMA = 'ai';
const KEY = 'end_user';

/**
 * One table holding an end user's rows: by its own `end_user`, or through `column` → `parent.parentColumn`.
 * `references` names the other tables of the set it points at by foreign keys (it must be emptied before them).
 */
interface UserTable {
  name: string;
  columns: { name: string; binary: boolean }[];
  via?: { column: string; parent: string; parentColumn: string };
  references: string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A name read from the catalogue, quoted; anything unusual is refused rather than escaped. */
function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`unexpected identifier in the ${SCHEMA} schema: ${name}`);
  return `"${name}"`;
}
const ident = (name: string) => sql.raw(quoted(name));
const table = (name: string) => sql.raw(`${SCHEMA}.${quoted(name)}`);

/**
 * The tables with an end user's rows, each child after its parent: the keyed tables, then (breadth first) every
 * table with a single-column foreign key to one already found.
 */
export async function endUserTables(db: Pick<Database, 'execute'>): Promise<UserTable[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns where table_schema = ${SCHEMA} order by table_name, ordinal_position`,
  );
  const links = await queryRows<{ child: string; column: string; parent: string; parent_column: string }>(
    db,
    sql`select child.relname as child, a.attname as column, parent.relname as parent, pa.attname as parent_column
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and c.connamespace = ${SCHEMA}::regnamespace and cardinality(c.conkey) = 1
        order by child.relname, a.attname`,
  );
  const byTable = new Map<string, UserTable['columns']>();
  for (const row of columns)
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), { name: row.column_name, binary: row.data_type === 'bytea' }]);
  const found: UserTable[] = [...byTable]
    .filter(([, cols]) => cols.some((c) => c.name === KEY))
    .map(([name, cols]) => ({ name, columns: cols, references: [] }));
  const known = new Set(found.map((t) => t.name));
  for (let i = 0; i < found.length; i++) {
    for (const link of links) {
      if (link.parent !== found[i]!.name || known.has(link.child)) continue;
      known.add(link.child);
      found.push({
        name: link.child,
        columns: byTable.get(link.child) ?? [],
        via: { column: link.column, parent: link.parent, parentColumn: link.parent_column },
        references: [],
      });
    }
  }
  for (const target of found) {
    target.references = [...new Set(links.filter((l) => l.child === target.name && l.parent !== target.name && known.has(l.parent)).map((l) => l.parent))];
  }
  return found;
}

/** The condition selecting `endUser`'s rows of `target` (through its parents for a child table). */
function rowsOf(target: UserTable, tables: Map<string, UserTable>, endUser: string): SQL {
  if (!target.via) return sql`${ident(KEY)} = ${endUser}`;
  const parent = tables.get(target.via.parent)!;
  return sql`${ident(target.via.column)} in (select ${ident(target.via.parentColumn)} from ${table(parent.name)} where ${rowsOf(parent, tables, endUser)})`;
}

/**
 * Every row this runtime keeps for `endUser`, table by table, as JSON objects of their columns (snake_case, as
 * Dify names them), without the `end_user` column itself and without file bytes; oldest first where rows have a
 * creation time.
 */
export async function exportEndUserData(db: Pick<Database, 'execute'>, endUser: string): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await endUserTables(db);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const target of tables) {
    const dropped = ['end_user', ...target.columns.filter((c) => c.binary).map((c) => c.name)];
    const order = target.columns.some((c) => c.name === 'created_at') ? sql`order by ${ident('created_at')}, ${ident(target.columns[0]!.name)}` : sql``;
    const rows = await queryRows<{ row: Record<string, unknown> | string }>(
      db,
      sql`select to_jsonb(t) - array[${sql.join(
        dropped.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[] as row from ${table(target.name)} t where ${rowsOf(target, byName, endUser)} ${order}`,
    );
    out[target.name] = rows.map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as Record<string, unknown>) : r.row));
  }
  return out;
}

/**
 * Deletes every row this runtime keeps for `endUser` in one transaction, children first (whether or not their
 * foreign keys cascade); running it again deletes nothing more. Answers how many rows went from each table.
 */
export async function deleteEndUserData(db: Database, endUser: string): Promise<Record<string, number>> {
  const tables = await endUserTables(db);
  const byName = new Map(tables.map((t) => [t.name, t]));
  return db.transaction(async (tx) => {
    const removed: Record<string, number> = {};
    for (const target of deletionOrder(tables)) {
      const rows = await queryRows<{ n: number | string }>(
        tx,
        sql`with gone as (delete from ${table(target.name)} where ${rowsOf(target, byName, endUser)} returning 1) select count(*) as n from gone`,
      );
      removed[target.name] = Number(rows[0]?.n ?? 0);
    }
    return removed;
  });
}

/** Each table after every table that points at it, so no foreign key is left dangling whether or not it cascades. */
function deletionOrder(tables: UserTable[]): UserTable[] {
  const order: UserTable[] = [];
  const left = new Set(tables);
  while (left.size) {
    const next = [...left].find((candidate) => ![...left].some((other) => other !== candidate && other.references.includes(candidate.name)));
    // A cycle of foreign keys (none today): its tables go in the order found, each delete cascading as declared.
    const chosen = next ?? left.values().next().value!;
    order.push(chosen);
    left.delete(chosen);
  }
  return order;
}
