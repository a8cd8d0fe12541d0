import { type Column, getTableColumns, type InferInsertModel, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, type Tx } from './client.ts';

/** The record being inserted, in `computed` expressions: its columns, and `ord` (its place in the list, from 1). */
export const RECORD = sql.raw('r');

/**
 * Many rows in one statement with one parameter: the rows go as one JSON array, read back by `json_to_recordset`
 * with each column's own type, in list order. drizzle's multi-row insert builds and sends a parameter per value
 * (about a thousand for a batch of 64 bookings): in a rush that was the engine's largest cost (decision 014).
 * Every row must give the same columns (a column no row gives takes its default); `computed` columns are SQL over
 * `RECORD`. Returns the inserted rows, as drizzle's `returning()` would (none with `returning: false`).
 */
export async function insertRecords<T extends PgTable>(
  tx: Db | Tx,
  table: T,
  rows: InferInsertModel<T>[],
  opts: { computed?: Partial<Record<keyof T['$inferInsert'] & string, SQL>>; returning?: boolean } = {},
): Promise<InferSelectModel<T>[]> {
  if (rows.length === 0) return [];
  const computed = opts.computed ?? {};
  const columns = getTableColumns(table) as Record<string, Column>;
  const defined = new Set(
    rows.flatMap((row) => Object.keys(row).filter((k) => row[k as keyof typeof row] !== undefined)),
  );
  for (const key of Object.keys(computed))
    if (!columns[key]) throw new Error(`insertRecords: computed ${key} is not a column`);
  const given = [...defined].filter((k) => !(k in computed));
  for (const key of given) {
    const column = columns[key];
    if (!column) throw new Error(`insertRecords: ${key} is not a column`);
    // json_to_recordset reads a JSON array into an SQL array differently from drizzle's own encoding: not used yet.
    if (column.dataType === 'array') throw new Error(`insertRecords: ${key} is an array column`);
  }
  // A default made in JS (drizzle's $defaultFn) would be skipped here, where the database fills what is left out.
  for (const [key, column] of Object.entries(columns))
    if (!defined.has(key) && !(key in computed) && (column.defaultFn || column.onUpdateFn))
      throw new Error(`insertRecords: ${key} has a default made in JS; give it a value`);
  const records = rows.map((row, i) => {
    const record: Record<string, unknown> = { ord: i + 1 };
    for (const key of given) {
      const value = row[key as keyof typeof row];
      if (value === undefined) throw new Error(`insertRecords: row ${i} leaves out ${key}`);
      const column = columns[key] as Column;
      // JSON columns keep the value itself; the others go as their driver value (a Date as ISO text).
      record[column.name] = value === null || column.dataType === 'json' ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  const name = (key: string) => sql.identifier((columns[key] as Column).name);
  const computedKeys = Object.keys(computed);
  const target = sql.join([...given, ...computedKeys].map(name), sql`, `);
  const values = sql.join(
    [
      ...given.map((key) => sql`${RECORD}.${name(key)}`),
      ...computedKeys.map((key) => computed[key as keyof typeof computed] as SQL),
    ],
    sql`, `,
  );
  const shape = sql.join(
    [...given.map((key) => sql`${name(key)} ${sql.raw((columns[key] as Column).getSQLType())}`), sql`ord integer`],
    sql`, `,
  );
  const inserted = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`insert into ${table} (${target})
      select ${values} from json_to_recordset(${JSON.stringify(records)}::json) as ${RECORD}(${shape})
      order by ${RECORD}.ord
      ${opts.returning === false ? sql`` : sql`returning *`}`),
  );
  return inserted.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  });
}
