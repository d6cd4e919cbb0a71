import pg from 'pg';
import { AppError } from '../../core/errors.js';
import type { ColumnInfo, TableInfo } from '../../core/data-links.js';
import { reasonOf, takeRows } from './sql-text.js';

/**
 * Catalog and paging SQL shared by the PostgreSQL link driver and the platform link (pg pool or PGlite).
 * `exec` runs one parameterised statement ($n placeholders) and answers its rows.
 */
export type PgExec = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Above this many rows a table's total is the planner's estimate: an exact count would read the whole table. */
export const EXACT_COUNT_LIMIT = 100_000;

export const pgQuote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const TABLE_KINDS = `('r','p','v','m','f')`;

/** Result column types by OID, spelled as format_type / pg_typeof spell them (the PGlite platform link reads those). */
const typeNames = new Map<number, string>([
  ...Object.entries(pg.types.builtins).map(([name, oid]) => [oid as number, name.toLowerCase()] as [number, string]),
  ...([
    [16, 'boolean'],
    [17, 'bytea'],
    [18, '"char"'],
    [19, 'name'],
    [20, 'bigint'],
    [21, 'smallint'],
    [23, 'integer'],
    [25, 'text'],
    [26, 'oid'],
    [114, 'json'],
    [700, 'real'],
    [701, 'double precision'],
    [1042, 'character'],
    [1043, 'character varying'],
    [1082, 'date'],
    [1083, 'time without time zone'],
    [1114, 'timestamp without time zone'],
    [1184, 'timestamp with time zone'],
    [1186, 'interval'],
    [1700, 'numeric'],
    [2950, 'uuid'],
    [3802, 'jsonb'],
  ] as [number, string][]),
]);
export const pgTypeName = (oid: number) => typeNames.get(oid) ?? String(oid);

export async function pgListTables(
  exec: PgExec,
  schema: string,
  o: { keyword?: string; offset: number; limit: number },
): Promise<{ rows: TableInfo[]; total: number }> {
  const pattern = `%${(o.keyword ?? '').replace(/[%_\\]/g, '\\$&')}%`;
  const where = `from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ${TABLE_KINDS} and c.relname ilike $2`;
  const [rows, count] = await Promise.all([
    exec(`select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment ${where} order by c.relname limit $3 offset $4`, [
      schema,
      pattern,
      o.limit,
      o.offset,
    ]),
    exec(`select count(*)::int as total ${where}`, [schema, pattern]),
  ]);
  return { rows: rows.map((r) => ({ name: String(r.name), comment: String(r.comment ?? '') })), total: Number(count[0]?.total ?? 0) };
}

export async function pgTableExists(exec: PgExec, schema: string, table: string): Promise<boolean> {
  const rows = await exec(
    `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2 and c.relkind in ${TABLE_KINDS}`,
    [schema, table],
  );
  return rows.length > 0;
}

export async function pgColumns(exec: PgExec, schema: string, table: string): Promise<ColumnInfo[]> {
  const rows = await exec(
    `select a.attnum::int as f_number, a.attname as f_column, format_type(a.atttypid, null) as f_datatype,
       case when t.typname in ('varchar', 'bpchar') and a.atttypmod > 4 then a.atttypmod - 4
            when t.typname = 'numeric' and a.atttypmod > 4 then ((a.atttypmod - 4) >> 16) & 65535
            else null end as f_length,
       pg_get_expr(d.adbin, d.adrelid) as f_defaults,
       (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as f_identity,
       exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as f_key,
       not a.attnotnull as f_isnullable,
       coalesce(col_description(c.oid, a.attnum), '') as f_remark
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = $1 and c.relname = $2 and c.relkind in ${TABLE_KINDS} and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [schema, table],
  );
  return rows.map((r) => ({
    f_number: Number(r.f_number),
    f_column: String(r.f_column),
    f_datatype: String(r.f_datatype),
    f_length: r.f_length === null || r.f_length === undefined ? null : Number(r.f_length),
    f_defaults: r.f_defaults === null || r.f_defaults === undefined ? null : String(r.f_defaults),
    f_identity: r.f_identity === true,
    f_key: r.f_key === true,
    f_isnullable: r.f_isnullable === true,
    f_remark: String(r.f_remark ?? ''),
  }));
}

async function primaryKey(exec: PgExec, schema: string, table: string): Promise<string[]> {
  const rows = await exec(
    `select a.attname as name from pg_index i
       join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey) with ordinality k(attnum, ord) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where n.nspname = $1 and c.relname = $2 and i.indisprimary order by k.ord`,
    [schema, table],
  );
  return rows.map((r) => String(r.name));
}

async function total(exec: PgExec, schema: string, table: string, qualified: string): Promise<number> {
  const est = await exec(
    `select c.reltuples::float8 as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`,
    [schema, table],
  );
  const estimate = Number(est[0]?.n ?? -1);
  if (estimate >= EXACT_COUNT_LIMIT) return Math.round(estimate);
  const exact = await exec(`select count(*)::float8 as n from ${qualified}`, []);
  return Number(exact[0]?.n ?? 0);
}

/**
 * One page of a table. With a one-column primary key: keyset (`after`) or, for offsets, a deferred join that walks
 * only the primary-key index (index-only scan) and then fetches the page's rows. Without one: plain offset.
 */
export async function pgTableData(
  exec: PgExec,
  schema: string,
  table: string,
  o: { offset: number; limit: number; after?: string },
): Promise<{ rows: Record<string, unknown>[]; total: number; next: string | null }> {
  const qualified = `${pgQuote(schema)}.${pgQuote(table)}`;
  const pk = await primaryKey(exec, schema, table);
  let rows: Record<string, unknown>[];
  if (pk.length === 1) {
    const key = pgQuote(pk[0]);
    if (o.after !== undefined) {
      // The cursor is compared as the key's own type; text that does not cast is the caller's mistake.
      try {
        rows = await exec(`select * from ${qualified} where ${key} > $1 order by ${key} limit $2`, [o.after, o.limit]);
      } catch (error) {
        if ((error as { code?: string }).code === '22P02') throw new AppError('dataLink.badCursor', {}, 400);
        throw error;
      }
    } else if (o.offset === 0) {
      rows = await exec(`select * from ${qualified} order by ${key} limit $1`, [o.limit]);
    } else {
      rows = await exec(
        `select t.* from ${qualified} t join (select ${key} as k from ${qualified} order by ${key} limit $1 offset $2) p on t.${key} = p.k order by t.${key}`,
        [o.limit, o.offset],
      );
    }
    const last = rows.at(-1);
    const next = last && rows.length === o.limit && last[pk[0]] !== null && last[pk[0]] !== undefined ? cursorText(last[pk[0]]) : null;
    return { rows: takeRows(rows), total: await total(exec, schema, table, qualified), next };
  }
  const order = pk.length ? ` order by ${pk.map(pgQuote).join(', ')}` : '';
  rows = await exec(`select * from ${qualified}${order} limit $1 offset $2`, [o.limit, o.offset]);
  return { rows: takeRows(rows), total: await total(exec, schema, table, qualified), next: null };
}

export function cursorText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** PostgreSQL error → the user's message (time-out, read-only refusal, or the database's own text). */
export function pgQueryError(error: unknown, timeoutMs: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === '57014') return new AppError('dataLink.timeout', { seconds: Math.round(timeoutMs / 100) / 10 }, 400);
  // Functions revoked from the readers (platform-guard.ts) and from PUBLIC by a DBA.
  const denied = code === '42501' ? /permission denied for function ([\w$]+)/.exec(reasonOf(error)) : null;
  if (denied) return new AppError('dataLink.functionRefused', { name: denied[1] }, 400);
  if (code === '25006') return new AppError('dataLink.readOnly', { reason: reasonOf(error) }, 400);
  return new AppError('dataLink.queryFailed', { reason: reasonOf(error) }, 400);
}
